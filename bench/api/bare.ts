/**
 * The honest ceiling for bench/api: a bare Node `http` server answering every request with the same
 * bytes as the shop's product listing (read from the file given as the first argument), no framework,
 * no hooks, no database. What this machine can do for a body that size; every route is printed as a
 * share of it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]!);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(JSON.stringify({ ready: true })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
