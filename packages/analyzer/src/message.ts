import { combineIntent, combineSentiment, type Engine } from './combine.ts';
import type { Intent, Language, Sentiment, UrgencyLevel } from './enums.ts';
import { type EscalationFinding, findEscalations } from './escalation.ts';
import { classifyIntentDetailed, type IntentResult } from './intent.ts';
import { detectLanguageDetailed } from './language.ts';
import { MODEL_LANGUAGES } from './model.ts';
import { prepareText } from './normalize.ts';
import { findRedFlags, LEGAL_RE, REGULATOR_RE, type RedFlagMatcher } from './red-flags.ts';
import { suggestReplies } from './replies.ts';
import {
  analyzeSentiment,
  type SentimentResult,
  withContrastFacts,
  withSarcasm,
  withSituation,
} from './sentiment.ts';
import { foldText, wordsRegex } from './text.ts';
import { scoreUrgency } from './urgency.ts';

export interface AnalyzeOptions {
  /**
   * The tenant's active flagged terms (matched as whole words, reported as written), or their
   * matcher compiled once with compileRedFlags (the cheap way for many messages).
   */
  readonly tenantTerms?: readonly string[] | RedFlagMatcher;
  /** Language assumed when the text is too short to tell (default pt-BR). */
  readonly defaultLanguage?: Language;
  /**
   * The tenant's maximum customer wait in minutes (analyzeTicket): a wait the customer states
   * beyond it is a long wait even when shorter than days.
   */
  readonly maxCustomerWaitMinutes?: number;
  /**
   * analyzeMessage's sentiment and intent from the rules, the learned model or both (the default;
   * combine.ts); 'rules' also keeps analyzeTicket's learned escalation reason out. For the
   * evaluation and tests; the product uses the default.
   */
  readonly engine?: Engine;
}

/** A message's analysis; field names are the API's. */
export interface MessageAnalysis {
  readonly sentiment: Sentiment;
  readonly intent: Intent;
  readonly urgency_level: UrgencyLevel;
  /** 0–1, from how much evidence the rules found (never a constant). */
  readonly confidence_score: number;
  readonly language_detected: Language;
  readonly contains_red_flags: boolean;
  readonly red_flag_words: string[];
  readonly suggested_responses: string[];
}

const CHURN = wordsRegex([
  'vou cancelar',
  'quero cancelar',
  'cancelamento',
  'vou trocar de empresa',
  'nunca mais',
  'cancel my',
  'cancelar mi',
]);

/**
 * Confidence from the evidence: a clear polarity (many/strong opinion words) and a specific intent
 * cue raise it; a fallback language, a fallback intent rule, a neutral reading without any opinion
 * word and very short texts lower it.
 */
export function confidenceFrom(
  sentiment: SentimentResult,
  intent: IntentResult,
  languageReliable: boolean,
  wordCount: number,
): number {
  const net = Math.abs(sentiment.positive - sentiment.negative);
  const opinionWords = sentiment.evidence.length;
  let sentimentPart: number;
  if (sentiment.sentiment === 'mixed') sentimentPart = 0.55 + 0.05 * Math.min(4, opinionWords);
  else if (sentiment.sentiment === 'neutral')
    sentimentPart = opinionWords === 0 ? 0.62 : 0.5 - 0.1 * Math.min(1, net);
  else sentimentPart = 0.55 + 0.1 * Math.min(4, net);
  const intentPart = intent.cue ? 0.88 : intent.rule === 'statement' ? 0.55 : 0.35;
  let confidence = 0.5 * sentimentPart + 0.5 * intentPart;
  if (!languageReliable) confidence *= 0.85;
  if (wordCount < 3) confidence *= 0.85;
  return Math.round(Math.min(0.97, Math.max(0.15, confidence)) * 100) / 100;
}

/**
 * Sentiment, intent, language and urgency read at most this many characters from the start (the
 * opinion is there, and their rules are not all linear); red flags always read the whole text.
 */
export const ANALYSED_PREFIX = 20_000;

const portuguese = (language: Language) => language === 'pt' || language === 'pt-BR';

/**
 * Money being taken or an account in someone else's hands right now, or safety or the customer's
 * business at stake: the escalation rules found it, and the message is urgent whatever else it
 * says (a double charge or a refund stays a complaint). Fraud must be told as going on ("acabei de
 * cair num golpe", "ainda aparece", "bloqueia"): otherwise the model's reading stands (issue 32,
 * eleventh pass: a fraud told without a "now" is as often a complaint; check sets 82.3 → 82.5 %
 * intent, out-of-fold unchanged at 80.5 %).
 */
const URGENT_HARM =
  /\b(?:golpe|golpista|fraud\w*|clonad\w*|clonaram|invadi\w*|hacke\w*|raque\w*|nao reconheco|nao fui eu|nunca fiz|nao fiz|desconhecid\w*|alguem|outra pessoa|terceiros|se passando|dizendo ser|falso|falsa|roub\w*|sumiu|zera\w*|meu nome|meus dados)\b/;
/**
 * Harm told as over ("mês passado clonaram meu cartão", "ontem o sistema caiu e perdemos vendas"),
 * with nothing happening now: a grievance (complaint), not an emergency. "Até hoje" is no now.
 */
const HARM_BEFORE =
  /\b(?:ano passado|mes passado|semana passada|(?:meses|semanas|anos) atras|ha (?:\d+|uns|umas|dois|duas|tres|alguns|algumas) (?:meses|semanas|anos))\b/;
const BUSINESS_BEFORE = /(?<!\bdesde )\b(?:ontem|anteontem|o fim de semana|sabado passado|domingo passado)\b/;
const HARM_NOW =
  /\b(?:agora|(?<!\bate )(?:hoje|hj)|neste momento|nesse momento|acabou de|acabaram de|acabei de|acabamos de|ainda (?:esta|estao|tem|aparec\w*|cai\w*)|continu\w+|segue|seguem|bloque\w+|urgente|socorro)\b/;
/**
 * A stopped business told beside a threat, a long wait or a repeat is a grievance, a complaint,
 * unless it is going on now (issue 32, tenth pass: on our 14,820 WhatsApp-style sentences,
 * out-of-fold, 21 more right).
 */
const GRIEVANCE_REASONS: ReadonlySet<string> = new Set([
  'legal_action',
  'regulator_complaint',
  'public_exposure',
  'churn_threat',
  'long_wait',
  'repeated_contact',
]);
function asUrgent(
  intent: IntentResult,
  findings: readonly EscalationFinding[],
  folded: string,
): IntentResult {
  if (intent.intent === 'urgent' || intent.intent === 'compliment' || intent.intent === 'feedback')
    return intent;
  const grievance = findings.some((f) => GRIEVANCE_REASONS.has(f.reason));
  const now = HARM_NOW.test(folded);
  const over = !now && HARM_BEFORE.test(folded);
  const harm = findings.find((f) =>
    f.reason === 'business_impact'
      ? (now || (!grievance && !BUSINESS_BEFORE.test(folded))) && !over
      : f.reason === 'financial_harm' && now && URGENT_HARM.test(f.evidence),
  );
  return harm ? { intent: 'urgent', rule: `escalation:${harm.reason}`, cue: true } : intent;
}

/** Everything a message's analysis needs, offline and deterministic. */
export function analyzeMessage(fullText: string, options: AnalyzeOptions = {}): MessageAnalysis {
  const written = fullText.slice(0, ANALYSED_PREFIX);
  const detection = detectLanguageDetailed(written, { fallback: options.defaultLanguage ?? 'pt-BR' });
  const language = detection.language;
  // Informal Portuguese is rewritten first ("vc n resolveu" → "você não resolveu"; normalize.ts).
  const prepared = prepareText(written, language);
  const text = prepared.text;
  const engine: Engine = MODEL_LANGUAGES.has(language) ? (options.engine ?? 'combined') : 'rules';
  let sentiment = withSarcasm(
    combineSentiment(analyzeSentiment(text, language), written, engine),
    prepared.cues.sarcasm,
  );
  let findings: readonly EscalationFinding[] = [];
  if (portuguese(language) && engine !== 'model') {
    sentiment = withContrastFacts(sentiment, text);
    findings = findEscalations(foldText(text), { portuguese: true, original: text });
    sentiment = withSituation(sentiment, findings.length > 0);
  }
  const redFlags = findRedFlags(fullText, options.tenantTerms ?? []);
  const urgency = scoreUrgency(text, { sentiment, redFlagCount: redFlags.words.length });
  // The intent rules' cues are Portuguese words: in English or Spanish the model alone decides.
  const intentEngine: Engine = engine === 'combined' && !portuguese(language) ? 'model' : engine;
  const folded = foldText(text);
  const intent = asUrgent(
    combineIntent(
      classifyIntentDetailed(text, sentiment, { lang: language, urgency }),
      written,
      intentEngine,
      // A negative the model alone read (no complaint word: "o cartão final 4410 eu não uso mais")
      // rules nothing out: the model takes "não" for a complaint.
      sentiment.sentiment === 'negative' &&
        !sentiment.evidence.some((e) => e.weight < 0 && e.term !== 'modelo')
        ? undefined
        : sentiment.sentiment,
    ),
    findings,
    folded,
  );
  const wordCount = folded.split(' ').filter(Boolean).length;

  return {
    sentiment: sentiment.sentiment,
    intent: intent.intent,
    urgency_level: urgency.level,
    confidence_score: confidenceFrom(sentiment, intent, detection.reliable, wordCount),
    language_detected: language,
    contains_red_flags: redFlags.containsRedFlags,
    red_flag_words: [...redFlags.words],
    suggested_responses: suggestReplies({
      intent: intent.intent,
      sentiment: sentiment.sentiment,
      language,
      legalOrRegulatorThreat: LEGAL_RE.test(folded) || REGULATOR_RE.test(folded),
      churnThreat: CHURN.test(folded),
    }),
  };
}
