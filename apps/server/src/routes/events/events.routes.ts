/**
 * GET /api/events: a Server-Sent Events stream of what the signed-in user may see. Heartbeats keep
 * proxies from closing it; a stream ends after a while so the browser reconnects and the session
 * and roles are checked again (the client refetches what it shows after each reconnect).
 *
 * A stream ends within SESSION_CHECK_MS of its session being signed out (here, on another device,
 * or by a password change) or its account losing the role it was opened with: one query every few
 * seconds checks the tokens of all open streams at once.
 *
 * A person holds at most EVENT_STREAMS_PER_USER streams (default 5). Opening one more ends their oldest, not the
 * new one: someone with many tabs is looking at the tab they opened last, and it should be live.
 * The ended tab is told `replaced` (the web app reconnects when that tab is shown again) and given a
 * long retry, so two tabs never take turns evicting each other.
 *
 * Thousands of streams stay open at once, so each holds as little as possible: its response, its
 * audience and its deadline. One bus subscription fans events out to all of them, and one timer
 * sends every heartbeat and ends streams past their deadline (bench/events measures the cost).
 */
import type { ServerResponse } from 'node:http';
import type { App } from '../../app-types.ts';
import { releaseActor, requireActor } from '../../modules/accounts/access.ts';
import { liveSessionsByToken } from '../../modules/accounts/accounts.service.ts';
import { type Audience, audienceOf, canSee, stillSees } from '../../modules/accounts/event-audience.ts';
import type { BusEvent } from '../../platform/events.ts';

export const HEARTBEAT_MS = 25_000;
const MAX_STREAM_MS = 15 * 60_000;
export const SESSION_CHECK_MS = 2_000;
/** How long a replaced tab's EventSource waits before reconnecting by itself. */
const REPLACED_RETRY_MS = 10 * 60_000;
/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-content-type-options': 'nosniff',
  connection: 'keep-alive',
  // nginx and similar proxies otherwise buffer the stream.
  'x-accel-buffering': 'no',
};

interface Stream {
  res: ServerResponse;
  audience: Audience;
  /** The session it was opened with, checked every SESSION_CHECK_MS. */
  token: string;
  /** When the stream ends so the client reconnects (spread so streams opened together do not all return at once). */
  deadline: number;
}

/** The hub hands every stream the same event object: serialise it once, not once per stream. */
function chunkOf(event: BusEvent) {
  const { eventId: _id, ...visible } = event;
  return `event: ${event.type}\ndata: ${JSON.stringify(visible)}\n\n`;
}

function write(s: Stream, chunk: string) {
  // A client that stopped reading would make the server buffer without end: end its stream instead.
  if (s.res.writableLength > MAX_BUFFERED_BYTES) s.res.end();
  else s.res.write(chunk);
}

export default async function eventsRoutes(app: App) {
  const { events, db } = app.deps;
  const maxPerUser = app.deps.config.EVENT_STREAMS_PER_USER;
  const streams = new Set<Stream>();
  /** Each person's open streams, oldest first. */
  const byUser = new Map<string, Set<Stream>>();
  let subscribed: Promise<() => void> | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let checker: NodeJS.Timeout | undefined;
  let checking = false;

  const fanOut = (event: BusEvent) => {
    let chunk: string | undefined;
    for (const s of streams) {
      if (!canSee(s.audience, event)) continue;
      chunk ??= chunkOf(event);
      write(s, chunk);
    }
  };
  const sweep = () => {
    const now = Date.now();
    for (const s of streams) {
      if (now >= s.deadline) s.res.end();
      else write(s, ': ping\n\n');
    }
  };

  const checkSessions = async () => {
    if (checking || !streams.size) return;
    checking = true;
    try {
      const open = [...streams];
      const live = await liveSessionsByToken(db, [...new Set(open.map((s) => s.token))]);
      for (const s of open) if (!stillSees(s.audience, live.get(s.token))) s.res.end();
    } catch (err) {
      // A failed check (the database away for a moment) ends nothing; the next one tries again.
      app.log.warn({ err }, 'event stream session check failed');
    } finally {
      checking = false;
    }
  };

  // End every stream before the server closes, or close would wait for them.
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    clearInterval(checker);
    for (const s of streams) s.res.end();
    streams.clear();
    if (subscribed) (await subscribed)();
  });

  app.get('/api/events', { config: { access: 'signedIn' }, schema: { hide: true } }, async (req, reply) => {
    const actor = await requireActor(req);
    const audience = audienceOf(actor);
    const token = actor.sessionToken;
    releaseActor(req);
    subscribed ??= events.subscribe(fanOut);
    await subscribed;
    sweeper ??= setInterval(sweep, HEARTBEAT_MS).unref();
    checker ??= setInterval(() => void checkSessions(), SESSION_CHECK_MS).unref();

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, HEADERS);
    res.write('retry: 3000\n: connected\n\n');
    req.raw.socket.setNoDelay(true);
    req.raw.socket.setTimeout(0);

    const stream: Stream = { res, audience, token, deadline: Date.now() + MAX_STREAM_MS + Math.random() * 60_000 };
    const mine = byUser.get(audience.userId) ?? new Set<Stream>();
    byUser.set(audience.userId, mine);
    for (const old of mine) {
      if (mine.size < maxPerUser) break;
      mine.delete(old);
      old.res.end(`event: replaced\ndata: {}\nretry: ${REPLACED_RETRY_MS}\n\n`);
    }
    mine.add(stream);
    streams.add(stream);
    const release = events.streamOpened();
    res.once('close', () => {
      streams.delete(stream);
      mine.delete(stream);
      if (!mine.size && byUser.get(audience.userId) === mine) byUser.delete(audience.userId);
      release();
    });
  });
}
