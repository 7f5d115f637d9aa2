/** Turns every failure into `{ error: { code, message, fields? } }`; 5xx details stay in the log. */
import { MESSAGES } from '@meatshop/shared/errors';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgErrorCode } from './errors.ts';

/** Told of every error that became a 500 (a bug, not a refusal): the error report service, when one is set. */
export type UnexpectedErrorSink = (err: unknown, req: FastifyRequest) => void;

export function registerErrorHandler(app: FastifyInstance, onUnexpected: UnexpectedErrorSink = () => {}) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.status)
        .send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') ||
          err.validationContext ||
          'body';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0];
      return reply.code(400).send({ error: { code: 'VALIDATION', message: first ?? 'Invalid input', fields } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      onUnexpected(err, req);
      return reply.code(500).send({ error: { code: 'INTERNAL', message: MESSAGES.unexpected } });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' } });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.code(415).send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type.' } });
    }
    if (status === 429) {
      return reply.code(429).send({ error: { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests } });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: status === 404 ? 'NOT_FOUND' : 'VALIDATION', message: safeClientMessage(err) } });
    }
    const pg = pgErrorCode(err);
    if (pg === '23505') return reply.code(409).send({ error: { code: 'CONFLICT', message: 'Duplicate entry found' } });
    if (pg === '23503')
      return reply
        .code(409)
        .send({ error: { code: 'CONFLICT', message: 'This item is still in use or refers to something that no longer exists.' } });
    if (pg === '23514' || pg === '23502')
      return reply.code(422).send({ error: { code: 'RULE_BROKEN', message: 'That change breaks a rule of the shop.' } });
    if (pg === '22P02' || pg === '22003' || pg === '22001')
      return reply.code(400).send({ error: { code: 'VALIDATION', message: 'Invalid input' } });
    if (pg?.startsWith('08') || pg === '57P01' || pg === '57P03' || isConnectionError(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: { code: 'UNAVAILABLE', message: 'The shop is briefly unavailable. Please try again in a moment.' } });
    }
    req.log.error({ err }, 'unhandled error');
    onUnexpected(err, req);
    return reply.code(500).send({ error: { code: 'INTERNAL', message: MESSAGES.unexpected } });
  });
}

function safeClientMessage(err: FastifyError) {
  // Fastify's own 4xx messages are safe to show; keep them short and free of internals.
  return (err.message || 'Bad request').split('\n')[0]!.slice(0, 200);
}

/** The database cannot be reached: refused, reset, timed out, or the connection dropped mid-query (pg gives no code then). */
function isConnectionError(err: unknown) {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'ETIMEDOUT' || e.code === 'EPIPE') return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message ?? ''))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
