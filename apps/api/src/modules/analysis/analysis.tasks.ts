import {
  analyzeMessage as analyzeMessageOffline,
  analyzeTicket as analyzeTicketOffline,
  compileRedFlags,
  type MessageAnalysis,
  type RedFlagMatcher,
  type TicketAnalysis,
} from '@atende/analyzer';

// Runs on the CPU pool's worker threads (see lib/cpu): a 100k-character message with 1,000 terms
// takes tens of milliseconds, which must not stall the event loop that serves every tenant.

/** What a task needs: plain data (structured-clonable), the terms as of `termsVersion`. */
export interface OfflineAnalysisInput {
  text: string;
  tenantId: string;
  /** tenants.terms_version the terms were read at: the compiled matcher is cached under it. */
  termsVersion: number;
  /** The tenant's active flagged terms, as written. */
  terms: string[];
  /** The tenant's `max_customer_wait_time_minutes` (tickets: a longer stated wait escalates). */
  maxCustomerWaitMinutes?: number;
}

/**
 * Compiled matchers of this thread: one per tenant (its newest terms version), least recently
 * used first, bounded by the characters of their terms (a matcher's memory grows with them:
 * ~100,000 states at the cap of 1,000 terms of 100 characters).
 */
const matchers = new Map<string, { version: number; matcher: RedFlagMatcher; cost: number }>();
export const matcherCacheBudget = 500_000; // characters of terms, e.g. 5 tenants at the cap
let cachedCost = 0;

function matcherFor(input: OfflineAnalysisInput): RedFlagMatcher {
  const cached = matchers.get(input.tenantId);
  if (cached && cached.version === input.termsVersion) {
    matchers.delete(input.tenantId); // most recently used goes last
    matchers.set(input.tenantId, cached);
    return cached.matcher;
  }
  const matcher = compileRedFlags(input.terms);
  // A task carrying an older version than the cached one (a race) is served but not cached.
  if (cached && cached.version > input.termsVersion) return matcher;
  if (cached) {
    matchers.delete(input.tenantId);
    cachedCost -= cached.cost;
  }
  const cost = input.terms.reduce((sum, term) => sum + term.length, 0);
  for (const [tenantId, entry] of matchers) {
    if (cachedCost + cost <= matcherCacheBudget) break;
    matchers.delete(tenantId);
    cachedCost -= entry.cost;
  }
  matchers.set(input.tenantId, { version: input.termsVersion, matcher, cost });
  cachedCost += cost;
  return matcher;
}

export function analyzeMessage(input: OfflineAnalysisInput): MessageAnalysis {
  return analyzeMessageOffline(input.text, { tenantTerms: matcherFor(input) });
}

export function analyzeTicket(input: OfflineAnalysisInput): TicketAnalysis {
  return analyzeTicketOffline(input.text, {
    tenantTerms: matcherFor(input),
    maxCustomerWaitMinutes: input.maxCustomerWaitMinutes,
  });
}
