/**
 * GET /api/events: a Server-Sent Events stream of what the signed-in user may see. Heartbeats keep
 * proxies from closing it; a stream ends after a while so the browser reconnects and the session
 * and roles are checked again (the client refetches what it shows after each reconnect).
 */
import type { App } from '../../app.ts';
import { requireActor } from '../../platform/access.ts';
import { audienceOf, canSee } from '../../platform/event-audience.ts';
import type { BusEvent } from '../../platform/events.ts';

export const HEARTBEAT_MS = 25_000;
const MAX_STREAM_MS = 15 * 60_000;
/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 512 * 1024;

/** The hub hands every stream the same event object: serialise it once, not once per stream. */
let lastEvent: BusEvent | undefined;
let lastChunk = '';
function chunkOf(event: BusEvent) {
  if (event !== lastEvent) {
    const { eventId: _id, ...visible } = event;
    lastEvent = event;
    lastChunk = `event: ${event.type}\ndata: ${JSON.stringify(visible)}\n\n`;
  }
  return lastChunk;
}

export default async function eventsRoutes(app: App) {
  const { events } = app.deps;
  const open = new Set<() => void>();
  // End every stream before the server closes, or close would wait for them.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get('/api/events', { config: { access: 'signedIn' }, schema: { hide: true } }, async (req, reply) => {
    const audience = audienceOf(await requireActor(req));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n: connected\n\n');
    req.raw.socket.setNoDelay(true);
    req.raw.socket.setTimeout(0);

    let closed = false;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe: (() => void) | undefined;
    const close = () => {
      if (closed) return;
      closed = true;
      open.delete(close);
      for (const t of timers) clearInterval(t);
      unsubscribe?.();
      if (!res.writableEnded) res.end();
    };
    const send = (chunk: string) => {
      if (closed) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) return close();
      res.write(chunk);
    };
    open.add(close);
    res.on('close', close);
    res.on('error', close);

    unsubscribe = await events.subscribe((event) => {
      if (canSee(audience, event)) send(chunkOf(event));
    });
    if (closed) unsubscribe();
    timers.push(setInterval(() => send(': ping\n\n'), HEARTBEAT_MS));
    // Spread the reconnects of many streams that opened together.
    timers.push(setTimeout(close, MAX_STREAM_MS + Math.random() * 60_000));
  });
}
