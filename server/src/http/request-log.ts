// Request logging that costs little on the common path: Fastify's two lines per
// request are off; a request is logged when it failed on our side, when it was slow, or as a
// small random sample (KABUTO_LOG_SAMPLE, default 1 %) that still shows the traffic.
import type { FastifyInstance } from 'fastify';

/** Requests slower than this are always logged. */
export const SLOW_REQUEST_MS = 500;

export function registerRequestLog(app: FastifyInstance, sampleRate: number): void {
  app.addHook('onResponse', function sampledRequestLog(request, reply, done) {
    const ms = reply.elapsedTime;
    if (reply.statusCode < 500 && ms < SLOW_REQUEST_MS && !(sampleRate > 0 && Math.random() < sampleRate)) return done();
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        sampled: reply.statusCode < 500 && ms < SLOW_REQUEST_MS,
      },
      'request completed',
    );
    done();
  });
}
