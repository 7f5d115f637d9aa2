/**
 * The control page of the storefront benchmarks: one of the shop's own pages with every script taken
 * out, served from a bare Node server that forwards everything else (styles, images, fonts) to the
 * shop. Same HTML, CSS and images, no JavaScript: what the page alone costs on this machine at this
 * moment, so a shop figure can be read against it rather than against a number measured on another
 * day or another machine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ControlPage {
  url: string;
  close: () => Promise<void>;
}

/** `origin` is the running shop, `path` the page to copy; `port` 0 takes any free one. */
export async function startControl(origin: string, path: string, port = 0): Promise<ControlPage> {
  const html = (await (await fetch(`${origin}${path}`)).text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  const server = http.createServer(async (req, res) => {
    if (req.url === '/control') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
      return;
    }
    try {
      const upstream = await fetch(`${origin}${req.url}`, { headers: { 'accept-encoding': 'identity' } });
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'cache-control', 'etag']) {
        const v = upstream.headers.get(h);
        if (v) headers[h] = v;
      }
      res.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}/control`, close: () => new Promise((r) => server.close(() => r())) };
}
