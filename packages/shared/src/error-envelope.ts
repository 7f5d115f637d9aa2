/**
 * Error reports in the Sentry envelope format, which Sentry and the services compatible with it
 * (GlitchTip, Bugsink, self-hosted Sentry) accept: a DSN names the endpoint and the public key; a
 * report is one `event` item in an envelope posted to `/api/<project>/envelope/`. Shared by the server
 * and the web app so both send the same shape, with no SDK loaded by a shop that sets no DSN.
 */

export interface DsnTarget {
  /** Where envelopes are posted, with the key in the query (what browsers can send without a preflight header). */
  url: string;
  dsn: string;
}

/** `https://<key>@<host>[/<path>]/<project>` → the envelope endpoint; null for a DSN it cannot read. */
export function envelopeTarget(dsn: string): DsnTarget | null {
  let u: URL;
  try {
    u = new URL(dsn);
  } catch {
    return null;
  }
  const parts = u.pathname.split('/').filter(Boolean);
  const project = parts.pop();
  if (!u.username || !project || !/^[\w-]+$/.test(project)) return null;
  const base = parts.length ? `/${parts.join('/')}` : '';
  const query = `sentry_key=${encodeURIComponent(u.username)}&sentry_version=7&sentry_client=meatshop%2F1.0`;
  return { url: `${u.protocol}//${u.host}${base}/api/${project}/envelope/?${query}`, dsn };
}

export interface ReportFrame {
  filename?: string;
  function?: string;
  lineno?: number;
  colno?: number;
}

export interface ErrorReport {
  error: unknown;
  platform: 'node' | 'javascript';
  environment: string;
  release?: string;
  serverName?: string;
  /** The request it happened in (server), or the page (web). */
  request?: { method?: string; url: string };
  tags?: Record<string, string>;
}

/** V8 stack lines (`at fn (file:line:col)` and `fn@file:line:col` from other engines), oldest call first as Sentry wants. */
export function stackFrames(stack: string | undefined): ReportFrame[] {
  const frames: ReportFrame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const v8 = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    const other = v8 ? null : /^(.*)@(.+?):(\d+):(\d+)$/.exec(line);
    const m = v8 ?? other;
    if (!m) continue;
    frames.push({ function: m[1] || '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) });
  }
  return frames.reverse();
}

function randomId() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The envelope's text for one error: the header, the item header and the event, a line each. */
export function errorEnvelope(target: DsnTarget, report: ErrorReport, now = new Date()): { eventId: string; body: string } {
  const err = report.error instanceof Error ? report.error : new Error(String(report.error));
  const eventId = randomId();
  const event = {
    event_id: eventId,
    timestamp: now.getTime() / 1000,
    platform: report.platform,
    level: 'error',
    environment: report.environment,
    ...(report.release ? { release: report.release } : {}),
    ...(report.serverName ? { server_name: report.serverName } : {}),
    ...(report.request ? { request: report.request } : {}),
    ...(report.tags ? { tags: report.tags } : {}),
    exception: {
      values: [{ type: err.name || 'Error', value: err.message.slice(0, 2000), stacktrace: { frames: stackFrames(err.stack) } }],
    },
  };
  const header = { event_id: eventId, sent_at: now.toISOString(), dsn: target.dsn };
  return { eventId, body: `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n` };
}
