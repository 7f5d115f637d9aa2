/**
 * Checks a pasted image URL before it is saved (a HEAD request answering an image content
 * type), from the server so the browser's CORS rules do not matter. Only http(s), a short timeout,
 * redirects followed by hand (at most 3), and every connection, the first and each redirect's,
 * through the outbound guard, so the check cannot be pointed at our own machine or network.
 */
import http from 'node:http';
import https from 'node:https';
import { IMAGE_MESSAGES } from '@meatshop/shared/admin-catalog';
import { invalid } from './errors.ts';
import { assertAllowedHost, type GuardedAgents, guardedAgents, type OutboundPolicy } from './outbound.ts';

const TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;

export async function checkImageUrl(raw: string, policy: OutboundPolicy, agents: GuardedAgents): Promise<string> {
  let url = parse(raw);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let res: { status: number; location?: string; type: string };
    try {
      assertAllowedHost(policy, url.hostname);
      res = await head(url, agents, signal);
    } catch {
      throw bad();
    }
    if (res.status >= 300 && res.status < 400) {
      if (!res.location) throw bad();
      url = parse(new URL(res.location, url).toString());
      continue;
    }
    if (res.status < 200 || res.status >= 300 || !res.type.toLowerCase().startsWith('image/')) throw bad();
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

function head(url: URL, agents: GuardedAgents, signal: AbortSignal): Promise<{ status: number; location?: string; type: string }> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, { method: 'HEAD', agent: secure ? agents.https : agents.http, signal }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location, type: String(res.headers['content-type'] ?? '') });
    });
    req.on('error', reject);
    req.end();
  });
}

/** One checker per policy, keeping its agents. */
export function imageUrlChecker(policy: OutboundPolicy) {
  const agents = guardedAgents(policy);
  return (raw: string) => checkImageUrl(raw, policy, agents);
}
