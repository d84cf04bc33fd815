import type { Db } from '../../db/client.ts';
import { tokenStateOf } from './identity.repo.ts';

/** The claim that carries the user's token generation (see users.token_generation). */
export const generationClaim = 'atende:gen';

/** How long a user's token state is trusted before the database is asked again. */
const cacheMs = 5_000;
const cacheLimit = 10_000;

/**
 * Refuses the tokens of a disabled user and those issued before a password change or reset,
 * at once on every server process: each token carries its user's generation, compared with the
 * database's (cached ≤ 5 s per process; forgotten by the process that ends the sessions before it
 * answers, and by the others when `user.sessions_ended` arrives: reactions.ts). Built-in provider
 * only: with external Cognito, Cognito's own revocation applies.
 */
export class TokenRevocation {
  private readonly cache = new Map<string, { enabled: boolean; generation: number; until: number }>();

  constructor(private readonly db: Db) {}

  /** Forgets what is cached of a user (their sessions just ended, in any process): asked anew. */
  forget(userId: string) {
    this.cache.delete(userId);
  }

  async isRevoked(userId: string, claims: Record<string, unknown>): Promise<boolean> {
    const now = Date.now();
    let state = this.cache.get(userId);
    if (!state || state.until <= now) {
      const row = await tokenStateOf(this.db, userId);
      state = { enabled: row?.enabled ?? false, generation: row?.generation ?? -1, until: now + cacheMs };
      if (this.cache.size >= cacheLimit) this.cache.clear();
      this.cache.set(userId, state);
    }
    const generation = claims[generationClaim];
    return !state.enabled || generation !== state.generation;
  }
}
