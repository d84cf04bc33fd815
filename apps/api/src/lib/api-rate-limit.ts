import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

/**
 * The /api/v1 request limit per user and per tenant (429 with Retry-After beyond it), shared by
 * every server process through the database without a write per request.
 * TODO(issue 11, item 13): being built.
 */
export function createApiRateLimit(_config: Config, _database: Database) {
  return {
    /** Runs after authentication (needs request.auth). */
    hook: async (_request: FastifyRequest) => {},
    close: async () => {},
  };
}
