/**
 * The floor bench/events compares the shop with: a bare node:http server holding Server-Sent Events
 * streams (a heartbeat timer each, nothing else). Whatever a stream costs here, Node itself costs.
 */
import http from 'node:http';

http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': connected\n\n');
    const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
    res.on('close', () => clearInterval(ping));
  })
  .listen(Number(process.env.PORT));
