/**
 * Prometheus metrics: one registry per app, exposed on a port of its own (METRICS_PORT) or at
 * /metrics behind a bearer token (METRICS_TOKEN). Without either nothing is created, so a shop that
 * does not scrape pays nothing per request. Counters are this instance's own (Prometheus sums the
 * instances); what lives in the database (payments, the message queue) is read when scraped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';

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
  const latency = routeLatency();
  const orders = new Counter({
    name: 'meatshop_orders_placed_total',
    help: 'Orders placed through this instance (a repeated Idempotency-Key is not counted again).',
    labelNames: ['payment_method'],
    registers: [registry],
  });
  return {
    registry,
    observeRequest: latency.observe,
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
    async text() {
      const base = await registry.metrics();
      return `${base.endsWith('\n') ? base : `${base}\n`}${latency.text()}`;
    },
  };
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The request latency histogram, kept by hand rather than with prom-client's Histogram: that one
 * validates and hashes the labels on every observation (about a microsecond, a percent of a cached
 * listing); here a request costs three Map reads and three increments, and the text is made at scrape.
 */
function routeLatency() {
  interface Series {
    labels: string;
    counts: Float64Array;
    sum: number;
    count: number;
  }
  // Route, then method, then status: three Map reads and no string built per request.
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();
  const all: Series[] = [];
  return {
    observe(method: string, route: string, status: number, seconds: number) {
      let byMethod = byRoute.get(route);
      if (!byMethod) {
        byMethod = new Map();
        byRoute.set(route, byMethod);
      }
      let byStatus = byMethod.get(method);
      if (!byStatus) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      let s = byStatus.get(status);
      if (!s) {
        s = {
          labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status_code="${status}"`,
          counts: new Float64Array(LATENCY_BUCKETS.length + 1),
          sum: 0,
          count: 0,
        };
        byStatus.set(status, s);
        all.push(s);
      }
      let i = 0;
      while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
      s.counts[i]!++;
      s.sum += seconds;
      s.count++;
    },
    text() {
      const name = 'http_request_duration_seconds';
      const lines = [
        `# HELP ${name} Time to answer an HTTP request, by route pattern, method and status code.`,
        `# TYPE ${name} histogram`,
      ];
      for (const s of all) {
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += s.counts[i]!;
          lines.push(`${name}_bucket{le="${le}",${s.labels}} ${cumulative}`);
        });
        lines.push(`${name}_bucket{le="+Inf",${s.labels}} ${s.count}`);
        lines.push(`${name}_sum{${s.labels}} ${s.sum}`);
        lines.push(`${name}_count{${s.labels}} ${s.count}`);
      }
      return `${lines.join('\n')}\n`;
    },
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
