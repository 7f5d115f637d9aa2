/**
 * One line per answered request, written when it is answered, with what an operator needs to find it
 * again (its id comes with every line of the request). Fastify's own pair (a line in, a line out,
 * each with the whole request or reply) is not written. The same moment feeds the latency metric, so
 * measuring requests adds no hook of its own to the request path.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

export class OneLinePerRequest extends LogController {
  /** Set once the metrics exist (they are made after the Fastify instance that takes this controller). */
  observe: RequestObserver | undefined;

  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    // The route's pattern (`/api/products/:id`); requests no route matched (pages, unknown paths) share one label.
    this.observe?.(req.method, req.routeOptions.url ?? 'none', reply.statusCode, ms / 1000);
    const line = { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(ms) };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
