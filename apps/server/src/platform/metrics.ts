/**
 * Prometheus metrics: one registry per app, exposed on a port of its own (METRICS_PORT) or at
 * /metrics behind a bearer token (METRICS_TOKEN). Without either nothing is created, so a shop that
 * does not scrape pays nothing per request. Counters are this instance's own (Prometheus sums the
 * instances); what lives in the database (payments, the message queue) is read when scraped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a cached listing (about a millisecond) to a slow report. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (not the URL, which would make a series per product). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  orderPlaced(paymentMethod: string): void;
  /** A gauge read at scrape time. */
  gauge(
    name: string,
    help: string,
    labelNames: string[],
    read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
  ): void;
  text(): Promise<string>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const orders = new Counter({
    name: 'meatshop_orders_placed_total',
    help: 'Orders placed through this instance (a repeated Idempotency-Key is not counted again).',
    labelNames: ['payment_method'],
    registers: [registry],
  });
  // The labelled child per (method, route, status) is looked up once: observing is then one Map read
  // and a bucket increment, cheap enough for every request.
  const children = new Map<string, { observe(v: number): void }>();
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = latency.labels(method, route, String(status));
        children.set(key, child);
      }
      child.observe(seconds);
    },
    orderPlaced(paymentMethod) {
      orders.inc({ payment_method: paymentMethod });
    },
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await read((labels, value) => (labelNames.length ? this.set(labels, value) : this.set(value)));
        },
      });
    },
    text: () => registry.metrics(),
  };
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The metrics on a port of their own, for a scraper on the private network only: GET /metrics. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (body) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
