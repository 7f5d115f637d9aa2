/**
 * Which push endpoints we accept. The server POSTs to a subscription's endpoint, so an endpoint is
 * accepted only over https on a host of a known browser push service (PUSH_SERVICE_HOSTS, where
 * `*.example.com` matches any subdomain of example.com), never on an address someone picked.
 */
export function isPushServiceHost(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return patterns.some((p) => (p.startsWith('*.') ? name.endsWith(p.slice(1)) && name.length > p.length - 1 : name === p));
}

export function isAllowedPushEndpoint(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && isPushServiceHost(url.hostname, patterns);
}
