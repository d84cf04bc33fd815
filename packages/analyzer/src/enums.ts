import {
  escalationReasonLabels,
  escalationReasons,
  intents,
  languages,
  legacyEscalationReasons,
  sentiments,
  solvedStatuses,
  urgencyLevels,
} from '@atende/contracts';

// The analysis enumerations live in @atende/contracts (shared by the API, the web app and this
// package); these are the analyzer's names for them.
export const SENTIMENTS = sentiments;
export type Sentiment = (typeof SENTIMENTS)[number];

export const INTENTS = intents;
export type Intent = (typeof INTENTS)[number];

export const URGENCY_LEVELS = urgencyLevels;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

export const SOLVED_STATUSES = solvedStatuses;
export type SolvedStatus = (typeof SOLVED_STATUSES)[number];

export const LANGUAGES = languages;
export type Language = (typeof LANGUAGES)[number];

/** Stable codes: stored in ticket_analyses.escalation_reasons and translated by the web app. */
export const ESCALATION_REASONS = escalationReasons;
export type EscalationReason = (typeof ESCALATION_REASONS)[number];

/**
 * Codes of the first analyzer (before the escalation policy): never produced now, but analyses
 * stored earlier carry them, so a stored analysis may hold either kind.
 */
export const LEGACY_ESCALATION_REASONS = legacyEscalationReasons;
export type StoredEscalationReason = EscalationReason | (typeof LEGACY_ESCALATION_REASONS)[number];

/** pt-BR labels of every code, current and legacy. */
export const ESCALATION_REASON_LABELS = escalationReasonLabels;
