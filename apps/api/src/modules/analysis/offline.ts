import type { MessageAnalysis, TicketAnalysis } from '@atende/analyzer';
import type { TenantScope } from '../../db/tenant.ts';
import type { CpuPool } from '../../lib/cpu/pool.ts';
import { AppError } from '../../lib/errors.ts';
import { activeTermsVersioned, type VersionedTerms } from '../flagged-terms/flagged-terms.service.ts';

/**
 * The offline analyses run on the CPU pool (analysis.tasks.ts): never inside a database
 * transaction, since PGlite has one connection and a transaction waiting for a worker would
 * stall every other request. Callers read the terms in a short transaction (termsFor), close it,
 * analyse, then write in another.
 */
export type OfflineKind = 'analyzeMessage' | 'analyzeTicket';

/** Per tenant, the end of the last step queued (see inTurn). */
const turns = new Map<string, Promise<void>>();

/**
 * Runs `work` when the tenant's previous analysis step on this process is done: one tenant's
 * analyses take turns (first come, first served) instead of filling the event loop (PGlite runs
 * its queries there) and the CPU pool's queue, so another tenant's requests are never stuck
 * behind a flood. Steps are short (a transaction, or one pool task), never the LLM's wait; a
 * waiting step holds no transaction.
 */
export function inTurn<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(tenantId) ?? Promise.resolve();
  const result = previous.then(work);
  const done = result.then(
    () => undefined,
    () => undefined,
  );
  turns.set(tenantId, done);
  void done.then(() => {
    if (turns.get(tenantId) === done) turns.delete(tenantId);
  });
  return result;
}

/** The tenant's active terms and their version (cached per terms_version). */
export const termsFor = (scope: TenantScope): Promise<VersionedTerms> => activeTermsVersioned(scope);

export function analyzeOffline(
  cpu: CpuPool,
  kind: 'analyzeMessage',
  tenantId: string,
  text: string,
  terms: VersionedTerms,
): Promise<MessageAnalysis>;
export function analyzeOffline(
  cpu: CpuPool,
  kind: 'analyzeTicket',
  tenantId: string,
  text: string,
  terms: VersionedTerms,
  maxCustomerWaitMinutes: number,
): Promise<TicketAnalysis>;
export async function analyzeOffline(
  cpu: CpuPool,
  kind: OfflineKind,
  tenantId: string,
  text: string,
  { termsVersion, terms }: VersionedTerms,
  maxCustomerWaitMinutes?: number,
): Promise<MessageAnalysis | TicketAnalysis> {
  try {
    return await cpu.run(kind, { text, tenantId, termsVersion, terms, maxCustomerWaitMinutes });
  } catch (err) {
    // The pool's backlog is bounded: beyond it the server is saturated, try again shortly.
    if (err instanceof Error && err.message === 'Task queue is at limit') {
      throw new AppError(
        'unavailable',
        'O servidor está sobrecarregado no momento. Tente novamente em instantes.',
      );
    }
    throw err;
  }
}
