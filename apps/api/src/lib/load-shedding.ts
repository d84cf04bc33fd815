import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event loop's delay was above OVERLOAD_EVENT_LOOP_DELAY_MS in the last two samples. */
    isOverloaded(): boolean;
  }
  interface FastifyContextConfig {
    /** Answers even when the server sheds load (liveness: a stuck loop answers nothing anyway). */
    answersUnderLoad?: boolean;
  }
}

const resolutionMs = 10;
const sampleIntervalMs = 1000;
const retryAfterSeconds = 10;
const overloadedDetail = 'O servidor está sobrecarregado no momento. Tente novamente em instantes.';

/**
 * Sheds load with 503 + Retry-After while the event loop's mean delay has been above `maxDelayMs`
 * in the last two samples (a second each): a loop that stays behind, not one stall already over —
 * the requests queued behind a stall are answered, not refused. A sample's delay is the larger of
 * the histogram's mean (which averages one long stall away among many short ticks) and the sample
 * timer's own lateness (which is the stall). (@fastify/under-pressure reads a sample the histogram
 * recorded nothing in as an infinite delay: any one stall of a second — a long GC, a big PGlite
 * statement — shed the next second of requests whatever the threshold.)
 */
export function registerLoadShedding(app: FastifyInstance, maxDelayMs: number) {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  let overloaded = false;
  let previousDelayMs = 0;
  let dueAt = performance.now() + sampleIntervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const mean = histogram.count > 0 ? histogram.mean / 1e6 - resolutionMs : 0;
    const delayMs = Math.max(mean, now - dueAt, 0);
    overloaded = delayMs > maxDelayMs && previousDelayMs > maxDelayMs;
    previousDelayMs = delayMs;
    histogram.reset();
    dueAt = now + sampleIntervalMs;
  }, sampleIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });

  const isOverloaded = () => overloaded;
  app.decorate('isOverloaded', isOverloaded);
  app.addHook('onRequest', async (request, reply) => {
    if (!isOverloaded() || request.routeOptions.config.answersUnderLoad) return;
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('unavailable', overloadedDetail);
  });
}
