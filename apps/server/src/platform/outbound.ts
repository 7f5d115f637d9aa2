/**
 * Requests the server makes to an address someone else chose (a pasted image URL, a browser's push
 * endpoint) must not reach our own machine or network: loopback, private, link-local, unique-local,
 * carrier-grade NAT, reserved and documentation ranges, and IPv6 forms that carry an IPv4 address
 * (mapped, compatible, NAT64, 6to4, Teredo) are refused. The check runs inside the connection's own
 * DNS lookup, so the address checked is the address connected to (a name that answers a public
 * address first and a private one on the next lookup gains nothing), and again for every redirect
 * because each hop opens its own connection. Hosts named in `allowPrivateHosts` (ALLOW_PRIVATE_HOSTS)
 * skip the address check: a deliberate exception, e.g. a test's stand-in server on 127.0.0.1.
 */
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface OutboundPolicy {
  /** Host names or IP addresses (lowercase, IPv6 without brackets) exempt from the address check. */
  allowPrivateHosts: readonly string[];
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** True only for an address on the public internet. */
export function isPublicAddress(ip: string): boolean {
  if (!isIP(ip)) return false;
  const addr = ipaddr.parse(ip);
  // ipaddr.js names every special range; only plain unicast is public. IPv6 must also be in
  // 2000::/3, which leaves out ::/96 (IPv4-compatible), ::ffff:0:0/96 and 64:ff9b::/96.
  if (addr.kind() === 'ipv6') return addr.range() === 'unicast' && addr.match(GLOBAL_UNICAST_V6);
  return addr.range() === 'unicast';
}

const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

export const isExempt = (policy: OutboundPolicy, host: string) => policy.allowPrivateHosts.includes(bare(host));

/**
 * Throws unless `host` (a URL's hostname) may be connected to. IP literals are checked here because
 * Node connects to them without a lookup; names are checked by `guardedLookup` at connect time.
 */
export function assertAllowedHost(policy: OutboundPolicy, host: string) {
  const name = bare(host);
  if (!name || isExempt(policy, name)) return;
  if (isIP(name) && !isPublicAddress(name)) throw new BlockedAddressError(`address ${name} is not public`);
}

type Resolve = (host: string, cb: (err: Error | null, addresses: LookupAddress[]) => void) => void;
const systemResolve: Resolve = (host, cb) => dns.lookup(host, { all: true }, (err, addresses) => cb(err, addresses ?? []));

/** A `lookup` for sockets that fails unless every address of the name is public (or the host exempt). */
export function guardedLookup(policy: OutboundPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, found) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const addresses = family ? found.filter((a) => a.family === family) : found;
      if (!err && !addresses.length) err = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
      if (!err && !isExempt(policy, hostname) && !addresses.every((a) => isPublicAddress(a.address)))
        err = new BlockedAddressError(`${hostname} resolves to an address that is not public`);
      if (err) return callback(err as NodeJS.ErrnoException, '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Agents whose every connection goes through `guardedLookup`. `ca` trusts an extra certificate (tests). */
export function guardedAgents(policy: OutboundPolicy, opts: { ca?: Buffer; resolve?: Resolve } = {}) {
  const lookup = guardedLookup(policy, opts.resolve);
  return {
    http: new http.Agent({ lookup }),
    https: new https.Agent({ lookup, ...(opts.ca ? { ca: opts.ca } : {}) }),
  };
}
export type GuardedAgents = ReturnType<typeof guardedAgents>;
