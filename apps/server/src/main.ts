/**
 * Start the shop: read the settings, start tracing when a collector is configured, then load and run
 * the server (serve.ts). The server is loaded only after tracing has started, because tracing works by
 * wrapping Fastify, pg and http as they are first loaded; without OTEL_EXPORTER_OTLP_ENDPOINT no
 * tracing code is loaded at all. The build keeps serve.ts a chunk of its own for the same reason.
 */
import { ConfigError, loadConfig } from './config.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let stopTracing = async () => {};
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import('./platform/tracing.ts');
    stopTracing = await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  }
  const { serve } = await import('./serve.ts');
  await serve(config, stopTracing);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
