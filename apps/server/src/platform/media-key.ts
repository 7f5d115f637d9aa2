/**
 * Which stored files /media may serve. The router percent-decodes the path, so
 * `product-images/..%2Fdelivery-photos/…` arrives as a key that starts with a public prefix yet points
 * into a private folder once a file system or object store resolves it. So the key is taken as the
 * client sent it and must already be in its one canonical form: plain segments of letters, digits,
 * `_`, `-` and `.` (no `%`, no backslash, no NUL, no empty, `.` or `..` segment). Only then is its
 * first folder compared, as a whole segment, with the public ones.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Folders whose files anyone may see. Everything else (delivery photos, resized copies, …) is private. */
export const PUBLIC_MEDIA_FOLDERS = ['product-images', 'product-category-images', 'site'] as const;

/** The storage key for a raw request path below /media/ (before any decoding), or null to refuse it. */
export function publicMediaKey(rawPath: string): string | null {
  const key = rawPath.split('?')[0]!;
  if (key.length === 0 || key.length > 300) return null;
  const segments = key.split('/');
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) return null;
  return (PUBLIC_MEDIA_FOLDERS as readonly string[]).includes(segments[0]!) ? key : null;
}
