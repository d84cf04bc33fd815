/**
 * How the rules and the learned model (model.ts) make one answer. Each class gets a vote: the
 * rules' label a fixed weight (larger when the rules found clear evidence or a specific cue), the
 * model its softmax probabilities; the larger total wins. So the model decides where the rules
 * found nothing to go on (no opinion word, a fallback intent rule) and overturns a rule only when
 * it is confident. Red flags never go through here; escalation reasons come from the rules, and the
 * escalation model may only add one they missed, when likely enough (learnedEscalation).
 */
import { ESCALATION_REASONS, type EscalationReason, type Sentiment } from './enums.ts';
import type { IntentResult } from './intent.ts';
import { MODEL, modelEscalation, modelIntent, modelSentiment } from './model.ts';
import type { SentimentResult } from './sentiment.ts';

/** Which parts answer: the rules alone, the model alone or both (the product's default). */
export type Engine = 'rules' | 'model' | 'combined';

/**
 * The rules' vote for sentiment: with no opinion word found, the model's reading counts most; the
 * vote grows with the evidence, times a factor for the label the rules chose (how far their
 * "mixed" or "positive" can be trusted). Chosen by scripts/tune-votes.ts.
 */
export const SENTIMENT_VOTE = {
  noEvidence: 0.6,
  perWeight: 0.2,
  max: 0.9,
  byLabel: { positive: 0.25, negative: 0.25, neutral: 0.25, mixed: 0.5 } as Record<string, number>,
};
/**
 * The rules' vote for intent: a specific cue (by the label it gives: some labels' cues generalise
 * better than others), or a fallback rule ("statement", "no_rule"). Chosen by scripts/tune-votes.ts.
 */
export const INTENT_VOTE = {
  cue: {
    complaint: 0.1,
    compliment: 0.1,
    feedback: 0.4,
    goodbye: 0.55,
    greeting: 0.4,
    information: 0.4,
    inquiry: 0.4,
    question: 0.25,
    request: 0.25,
    support: 0.25,
    unknown: 0.4,
    urgent: 0.25,
  } as Record<string, number>,
  fallback: 0.2,
};

function vote<T extends string>(
  ruleLabel: T,
  ruleWeight: number,
  classes: readonly string[],
  probabilities: readonly number[],
): { label: T; changed: boolean } {
  let best = ruleLabel;
  let bestScore = ruleWeight + (probabilities[classes.indexOf(ruleLabel)] ?? 0);
  classes.forEach((label, k) => {
    const score = (probabilities[k] ?? 0) + (label === ruleLabel ? ruleWeight : 0);
    if (score > bestScore) {
      best = label as T;
      bestScore = score;
    }
  });
  return { label: best, changed: best !== ruleLabel };
}

export function combineSentiment(rules: SentimentResult, text: string, engine: Engine): SentimentResult {
  if (engine === 'rules') return rules;
  const model = modelSentiment(text);
  let label: Sentiment;
  let chosen = model.probability;
  if (engine === 'model') label = model.label as Sentiment;
  else {
    // The weight of the opinion words found ("gostei" negated counts 2, a LeIA word about 1).
    let strength = 0;
    for (const e of rules.evidence) strength += Math.abs(e.weight);
    const weight =
      Math.min(SENTIMENT_VOTE.max, SENTIMENT_VOTE.noEvidence + SENTIMENT_VOTE.perWeight * strength) *
      (SENTIMENT_VOTE.byLabel[rules.sentiment] ?? 1);
    // Clear complaint words and no praise at all: never positive nor mixed (mixed needs praise),
    // whatever the other words suggest to the model ("A equipe de vocês é péssima" read as praise
    // of the team); and, told as a statement with a complaint word of the domain lexicon, not
    // neutral either ("oi, falo pela empresa X, vocês esqueceram de emitir a nota": the model reads
    // the introduction as calm). A question stays free to be calm ("o pedido atrasou?").
    const noPraise = rules.positive === 0 && rules.negative >= 1.5;
    const toldComplaint =
      noPraise &&
      !text.includes('?') &&
      rules.evidence.some((e) => e.source === 'domain' && e.weight <= -1.5 && !e.negated);
    // And the other way: clear praise and no complaint word is never negative ("não sei nem como
    // agradecer", "ninguém faz igual": the model reads the negation words as a complaint). It may
    // be mixed: a problem is often told without a complaint word ("amei, mas veio sem a batata").
    const noComplaint = rules.negative === 0 && rules.positive >= 2;
    const ruledOut: readonly string[] = noPraise
      ? ['positive', 'mixed', ...(toldComplaint ? ['neutral'] : [])]
      : noComplaint
        ? ['negative']
        : [];
    const probabilities = model.probabilities.map((p, k) =>
      ruledOut.includes(MODEL.sentiment.classes[k] ?? '') ? 0 : p,
    );
    label = vote(rules.sentiment, weight, MODEL.sentiment.classes, probabilities).label;
    chosen = probabilities[MODEL.sentiment.classes.indexOf(label)] ?? 0;
  }
  if (label === rules.sentiment) return rules;
  const signed = label === 'positive' ? 1 : label === 'negative' ? -1 : 0;
  return {
    ...rules,
    sentiment: label,
    score: signed * Math.max(0.2, Math.abs(rules.score)),
    evidence: [
      ...rules.evidence,
      { term: 'modelo', weight: signed * chosen, source: 'pattern', negated: false },
    ],
    positive: label === 'positive' || label === 'mixed' ? Math.max(rules.positive, 1) : rules.positive,
    negative: label === 'negative' || label === 'mixed' ? Math.max(rules.negative, 1) : rules.negative,
  };
}

/**
 * Intents a sentiment rules out: praise is never negative, a complaint never positive (no labelled
 * sentence is either), and a negative report is no hand-over of information (2 % of ours are).
 * The model reads words, not the sentiment decided beside it: it read "O atendimento de vocês é
 * horrível" as praise of the service and "o pão chegou amassado de novo" as news that it arrived.
 */
const RULED_OUT: Partial<Record<Sentiment, readonly string[]>> = {
  negative: ['compliment', 'information'],
  positive: ['complaint'],
};

const DECISIVE_RULES = new Set(['greeting', 'greeting_wave', 'praise']);

export function combineIntent(
  rules: IntentResult,
  text: string,
  engine: Engine,
  sentiment?: Sentiment,
): IntentResult {
  if (engine === 'rules') return rules;
  const model = modelIntent(text);
  const ruledOut = sentiment && RULED_OUT[sentiment];
  const probabilities = ruledOut
    ? model.probabilities.map((p, k) => (ruledOut.includes(MODEL.intent.classes[k] ?? '') ? 0 : p))
    : model.probabilities;
  // The model alone still keeps within what the sentiment allows. Some cues say what the message
  // does whatever its other words: only a greeting ("alguém aí?", "👋"), praise handed on ("qual o
  // nome dele? quero deixar um elogio"; the model reads a request).
  if (engine !== 'model' && DECISIVE_RULES.has(rules.rule)) return rules;
  const weight =
    engine === 'model' ? 0 : rules.cue ? (INTENT_VOTE.cue[rules.intent] ?? 0.75) : INTENT_VOTE.fallback;
  const { label, changed } = vote(rules.intent, weight, MODEL.intent.classes, probabilities);
  const chosen = probabilities[MODEL.intent.classes.indexOf(label)] ?? 0;
  return changed || engine === 'model' ? { intent: label, rule: 'model', cue: chosen >= 0.5 } : rules;
}

/** The escalation model's classes: none, then the reasons in the policy's order. */
export const ESCALATION_CLASSES: readonly string[] = ['none', ...ESCALATION_REASONS];

/**
 * When the escalation model may add a reason: the chance of one it may add reaches the threshold.
 * Chosen by scripts/cv-escalation.ts: out-of-fold on our 15,396 sentences that label escalation
 * (product path: 0.5 → 0.4 gives P 0.892 → 0.872, R 0.759 → 0.808, F1 0.820 → 0.839), the tune
 * halves (1.00 at 0.4, one false alarm at 0.3), the paraphrases and the check set (F1 0.928 → 0.949).
 * A calm question (neutral overall, asking) needs the former 0.5: "o teste grátis era de 7 dias e
 * já foram 10, vão me cobrar?" (0.5 for every calm message gave back most of the recall gained).
 */
export const ESCALATION_VOTE = { threshold: 0.4, calmQuestion: 0.5 };

/**
 * A long wait and a repeated contact are counted (days stated against the tenant's maximum, "a
 * calm question under a week is not"; the times one called, not "a segunda vez que compro"): only
 * the rules count them. The model may add any other reason.
 */
export const LEARNED_REASONS: ReadonlySet<EscalationReason> = new Set(
  ESCALATION_REASONS.filter((reason) => reason !== 'long_wait' && reason !== 'repeated_contact'),
);

export interface LearnedEscalation {
  readonly reason: EscalationReason;
  readonly probability: number;
  readonly words: readonly string[];
}

/**
 * A reason the escalation rules missed, read by the model from the customer's text as written:
 * only when the rules found none (it adds, never removes or renames) and the model is sure. In
 * English or Spanish (`counted`), where the rules know few ways of telling a wait or a count, the
 * model may add those reasons too: on the check sets F1 0.71 → 0.90 (en) and 0.69 → 0.81 (es) at
 * the same precision, but it may call a wait long that the tenant's maximum allows.
 */
export function learnedEscalation(
  text: string,
  ruleReasons: readonly EscalationReason[],
  counted = false,
  vetoed: readonly EscalationReason[] = [],
  calmQuestion = false,
): LearnedEscalation | undefined {
  if (ruleReasons.length) return undefined;
  const allowed = counted ? ESCALATION_REASONS : [...LEARNED_REASONS];
  const p = modelEscalation(text, new Set(allowed.filter((reason) => !vetoed.includes(reason))));
  const threshold = calmQuestion ? ESCALATION_VOTE.calmQuestion : ESCALATION_VOTE.threshold;
  if (p.probability < threshold || !p.words.length) return undefined;
  const reason = ESCALATION_REASONS.find((r) => r === p.reason);
  return reason ? { reason, probability: p.probability, words: p.words } : undefined;
}
