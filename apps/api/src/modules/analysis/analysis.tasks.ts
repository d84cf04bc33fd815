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
}

/** Compiled matchers of this thread, per `${tenantId}:${termsVersion}`, least recently used first. */
const matchers = new Map<string, RedFlagMatcher>();
export const matcherCacheSize = 64;

function matcherFor(input: OfflineAnalysisInput): RedFlagMatcher {
  const key = `${input.tenantId}:${input.termsVersion}`;
  let matcher = matchers.get(key);
  if (matcher) matchers.delete(key);
  else {
    matcher = compileRedFlags(input.terms);
    if (matchers.size >= matcherCacheSize) matchers.delete(matchers.keys().next().value as string);
  }
  matchers.set(key, matcher);
  return matcher;
}

export function analyzeMessage(input: OfflineAnalysisInput): MessageAnalysis {
  return analyzeMessageOffline(input.text, { tenantTerms: matcherFor(input) });
}

export function analyzeTicket(input: OfflineAnalysisInput): TicketAnalysis {
  return analyzeTicketOffline(input.text, { tenantTerms: matcherFor(input) });
}
