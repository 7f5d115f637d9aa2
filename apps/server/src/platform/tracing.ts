/**
 * OpenTelemetry traces, sent over OTLP/HTTP to the collector named by OTEL_EXPORTER_OTLP_ENDPOINT:
 * a span per request (with its route and every hook), per database statement (pg), per outgoing call
 * (http: the S3 store, Pesapal over fetch via undici, SMS and email services). main.ts imports this
 * file only when the endpoint is set, and every OpenTelemetry package is imported inside
 * startTracing, so a shop without a collector loads none of them.
 */
import { register } from 'node:module';

/** Probes and scrapes many times a minute would drown the traces people look at. */
const UNTRACED = /^\/(api\/health(\/|$|\?)|livez|readyz|healthz|metrics)/;

export interface TracingOptions {
  /** The collector's base URL, e.g. http://collector:4318; traces go to <base>/v1/traces. */
  endpoint: string;
  serviceName: string;
}

/** Starts tracing; must run before Fastify, pg or http are first imported. Returns what flushes and stops it. */
export async function startTracing(o: TracingOptions): Promise<() => Promise<void>> {
  // ES modules are wrapped through a loader hook, registered before any of them loads.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, instrumentation] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
    ]);
  const [{ HttpInstrumentation }, { PgInstrumentation }, { UndiciInstrumentation }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': o.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${o.endpoint.replace(/\/$/, '')}/v1/traces` }))],
  });
  provider.register();
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? '') }),
      new UndiciInstrumentation(),
      // Statements only, not connect and pool spans around each of them.
      new PgInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (opts) => UNTRACED.test(opts.url) }),
    ],
  });
  // The last spans are sent at stop, but an unreachable collector must not hold the shutdown up.
  return async () => {
    await Promise.race([provider.shutdown().catch(() => {}), new Promise((r) => setTimeout(r, 3_000).unref())]);
  };
}
