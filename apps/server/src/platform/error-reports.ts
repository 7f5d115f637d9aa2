/**
 * Unexpected server errors sent to the Sentry-compatible service named by SENTRY_DSN (the envelope
 * format is in @meatshop/shared/error-envelope). Without a DSN there is no reporter and nothing is
 * sent. A report never fails or slows the request it came from: it is posted after the answer, with a
 * time limit, and a service that is down costs one warning in the log.
 */
import os from 'node:os';
import { type ErrorReport, envelopeTarget, errorEnvelope } from '@meatshop/shared/error-envelope';

export interface ErrorReporter {
  capture(error: unknown, context?: Pick<ErrorReport, 'request' | 'tags'>): void;
  /** Waits for reports on their way (at shutdown, and after a crash before the process ends). */
  flush(): Promise<void>;
}

interface Options {
  dsn: string | undefined;
  environment: string;
  log: { warn(obj: object, msg: string): void };
  timeoutMs?: number;
}

export function createErrorReporter({ dsn, environment, log, timeoutMs = 5_000 }: Options): ErrorReporter | null {
  if (!dsn) return null;
  const target = envelopeTarget(dsn);
  if (!target) {
    log.warn({ setting: 'SENTRY_DSN' }, 'error reports are off: the DSN is not of the form https://key@host/project');
    return null;
  }
  const sending = new Set<Promise<void>>();
  const serverName = os.hostname();
  return {
    capture(error, context) {
      const { body } = errorEnvelope(target, { error, platform: 'node', environment, serverName, ...context });
      const sent = fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((res) => {
          if (!res.ok) log.warn({ status: res.status }, 'the error report service refused a report');
          return res.body?.cancel();
        })
        .catch((err: unknown) => log.warn({ err }, 'could not send an error report'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    async flush() {
      await Promise.all(sending);
    },
  };
}
