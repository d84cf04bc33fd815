// Offline Portuguese analyzer: pure, deterministic functions (no I/O at run time).

export { parseConversation, type Speaker, type Turn } from './conversation.ts';
export * from './enums.ts';
export { classifyIntent, classifyIntentDetailed, type IntentOptions, type IntentResult } from './intent.ts';
export {
  detectLanguage,
  detectLanguageDetailed,
  type LanguageDetection,
  type LanguageOptions,
} from './language.ts';
export { ANALYSED_PREFIX, type AnalyzeOptions, analyzeMessage, type MessageAnalysis } from './message.ts';
export {
  BUILT_IN_RED_FLAGS,
  compileRedFlags,
  findRedFlags,
  isRedFlagMatcher,
  LEGAL_TERMS,
  REGULATOR_TERMS,
  type RedFlagMatcher,
  type RedFlagResult,
} from './red-flags.ts';
export { type ReplyContext, type ReplySituation, suggestReplies } from './replies.ts';
export { analyzeSentiment, type SentimentEvidence, type SentimentResult } from './sentiment.ts';
export { foldText } from './text.ts';
export { analyzeTicket, type TicketAnalysis } from './ticket.ts';
export {
  scoreUrgency,
  type UrgencyContext,
  type UrgencyResult,
  type UrgencySignal,
  urgencyOf,
} from './urgency.ts';
