/**
 * Checks a pasted image URL the way spec section 5 asks (a HEAD request answering an image content
 * type), from the server so the browser's CORS rules do not matter. Only http(s), short timeout, and
 * no private or loopback addresses (so the check cannot probe our own network), except in tests,
 * which have no internet and use a local server.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { IMAGE_MESSAGES } from '@meatshop/shared/admin-catalog';
import { invalid } from './errors.ts';

const TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;

export async function checkImageUrl(raw: string, opts: { allowPrivate: boolean }): Promise<string> {
  let url = parse(raw);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!opts.allowPrivate) await assertPublicHost(url.hostname);
    let res: Response;
    try {
      res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw bad();
    }
    if (res.status >= 300 && res.status < 400) {
      const next = res.headers.get('location');
      if (!next) throw bad();
      url = parse(new URL(next, url).toString());
      continue;
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.toLowerCase().startsWith('image/')) throw bad();
    return raw.trim();
  }
  throw bad();
}

const bad = () => invalid(IMAGE_MESSAGES.invalidUrl, { url: IMAGE_MESSAGES.invalidUrl });

function parse(raw: string) {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw bad();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad();
  if (url.username || url.password) throw bad();
  return url;
}

async function assertPublicHost(host: string) {
  const name = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : (await lookup(name, { all: true })).map((a) => a.address);
  } catch {
    throw bad();
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) throw bad();
}

export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = ip.toLowerCase();
  return lower === '::' || lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}
