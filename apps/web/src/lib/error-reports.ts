/**
 * The web app's errors sent to the Sentry-compatible service the server names in the page
 * (`<meta name="error-reports">`, present only when SENTRY_DSN is set). main.tsx loads this file only
 * then, so a shop without a DSN ships and runs none of it. Uncaught errors and unhandled promise
 * rejections are reported, a few per page at most (a render loop must not flood the service or the
 * phone's data plan).
 */
import { envelopeTarget, errorEnvelope } from '@meatshop/shared/error-envelope';

const MAX_REPORTS_PER_PAGE = 5;

export interface ErrorReportsOptions {
  environment: string;
  /** Where to listen: the window in the app, an EventTarget in tests. */
  target: EventTarget;
  /** The page the error happened on. */
  pageUrl: () => string;
}

export function startErrorReports(dsn: string, options: ErrorReportsOptions) {
  const target = envelopeTarget(dsn);
  if (!target) return null;
  let sent = 0;
  const pageUrl = options.pageUrl;
  const report = (error: unknown) => {
    // Errors from the browser itself (an extension, a cross-origin script) carry no error object.
    if (error === undefined || error === null || sent >= MAX_REPORTS_PER_PAGE) return Promise.resolve();
    sent++;
    const { body } = errorEnvelope(target, {
      error,
      platform: 'javascript',
      environment: options.environment,
      request: { url: pageUrl() },
    });
    // text/plain keeps it a simple request (no CORS preflight); keepalive lets it leave with a closing page.
    return fetch(target.url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).then(
      () => undefined,
      () => undefined,
    );
  };
  // Typed without the DOM's event classes: this file also runs in the server's tests.
  options.target.addEventListener('error', (e) => void report((e as Event & { error?: unknown }).error));
  options.target.addEventListener('unhandledrejection', (e) => void report((e as Event & { reason?: unknown }).reason));
  return { report };
}
