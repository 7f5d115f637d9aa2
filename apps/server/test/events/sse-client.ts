/** A minimal Server-Sent Events client over real HTTP, for tests and the events benchmark. */
import http from 'node:http';

export interface SseMessage {
  event: string;
  data: unknown;
}

export interface SseClient {
  messages: SseMessage[];
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  status: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(baseUrl: string, cookie: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      const messages: SseMessage[] = [];
      const waiters: { match: (m: SseMessage) => boolean; done: (m: SseMessage) => void }[] = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let idx = buf.indexOf('\n\n');
        while (idx >= 0) {
          const block = buf.slice(0, idx);
          buf = buf.slice(idx + 2);
          idx = buf.indexOf('\n\n');
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue;
          const m = { event, data: JSON.parse(data.join('\n')) as unknown };
          messages.push(m);
          for (const w of [...waiters]) {
            if (w.match(m)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.done(m);
            }
          }
        }
      });
      res.on('error', () => {});
      const ended = new Promise<void>((done) => {
        res.once('end', done);
        res.once('close', done);
      });
      resolve({
        ended,
        messages,
        status: res.statusCode ?? 0,
        next(match, timeoutMs = 2_000) {
          const found = messages.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching event in time')), timeoutMs);
            waiters.push({
              match,
              done: (m) => {
                clearTimeout(timer);
                ok(m);
              },
            });
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
