import { learnedEscalation } from './combine.ts';
import { decideStatus, parseConversation, type Turn } from './conversation.ts';
import {
  ESCALATION_REASON_LABELS,
  type EscalationReason,
  type Language,
  type Sentiment,
  type SolvedStatus,
  type StoredEscalationReason,
  type UrgencyLevel,
} from './enums.ts';
import { calmCancellation, findEscalations } from './escalation.ts';
import { detectLanguageDetailed } from './language.ts';
import { ANALYSED_PREFIX, type AnalyzeOptions } from './message.ts';
import { MODEL_LANGUAGES } from './model.ts';
import { prepareText } from './normalize.ts';
import { findRedFlags, LEGAL_RE, REGULATOR_RE } from './red-flags.ts';
import { analyzeSentiment, type SentimentEvidence, withSarcasm } from './sentiment.ts';
import { foldText, wordsRegex } from './text.ts';
import { scoreUrgency } from './urgency.ts';

/** Reasons that, told after the customer's own "solved", are a new problem (see analyzeTicket). */
const REOPENING_REASONS: ReadonlySet<EscalationReason> = new Set([
  'financial_harm',
  'business_impact',
  'misleading_sale',
]);

/** A ticket's analysis; field names are the API's. */
export interface TicketAnalysis {
  readonly overall_sentiment: Sentiment;
  /** Same value as overall_sentiment (the API answers both). */
  readonly sentiment: Sentiment;
  readonly complexity_score: number;
  readonly confidence_score: number;
  /** 0–10, one decimal. */
  readonly csat_score: number;
  readonly solved_status: SolvedStatus;
  /** pt-BR paragraph: what was detected and why. */
  readonly analysis_explanation: string;
  readonly contains_red_flags: boolean;
  readonly red_flag_words: string[];
  readonly requires_escalation: boolean;
  /**
   * The escalation rules that hold (ESCALATION_REASONS, in the policy's order). The type also
   * admits the legacy codes because the same shape describes analyses stored earlier; this
   * analyzer answers only current codes.
   */
  readonly escalation_reasons: StoredEscalationReason[];
  readonly urgency_level: UrgencyLevel;
}

const REPEATED = wordsRegex([
  'de novo',
  'mais uma vez',
  'outra vez',
  'novamente',
  'segunda vez',
  'terceira vez',
  'quarta vez',
  'várias vezes',
  'já liguei',
  'já reclamei',
  'já abri',
  'já falei',
  'again',
]);
const CHURN = wordsRegex([
  'vou cancelar',
  'quero cancelar',
  'cancelamento',
  'vou trocar de empresa',
  'nunca mais',
  'cancel my',
]);

// Topics: more distinct subjects in one ticket make it harder to handle.
const TOPICS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'cobrança',
    wordsRegex(['cobrança', 'cobrado', 'fatura', 'boleto', 'valor', 'pagamento', 'juros', 'multa', 'pix']),
  ],
  [
    'entrega',
    wordsRegex(['entrega', 'pedido', 'encomenda', 'frete', 'rastreio', 'transportadora', 'correios']),
  ],
  [
    'suporte técnico',
    wordsRegex([
      'erro',
      'não funciona',
      'travando',
      'trava',
      'aplicativo',
      'app',
      'site',
      'sistema',
      'internet',
      'sinal',
      'senha',
      'login',
    ]),
  ],
  ['cancelamento', wordsRegex(['cancelar', 'cancelamento', 'assinatura', 'contrato', 'plano'])],
  ['reembolso', wordsRegex(['reembolso', 'estorno', 'devolução', 'devolver', 'troca', 'chargeback'])],
  ['produto', wordsRegex(['defeito', 'quebrado', 'danificado', 'garantia', 'produto'])],
  ['cadastro', wordsRegex(['cadastro', 'cpf', 'dados', 'endereço', 'conta'])],
];

const SENTIMENT_PT: Readonly<Record<Sentiment, string>> = {
  positive: 'positivo',
  negative: 'negativo',
  neutral: 'neutro',
  mixed: 'misto',
};
const STATUS_PT: Readonly<Record<SolvedStatus, string>> = {
  solved: 'resolvido',
  in_progress: 'em andamento',
  not_solved: 'não resolvido',
};
const URGENCY_PT: Readonly<Record<UrgencyLevel, string>> = {
  low: 'baixa',
  medium: 'média',
  high: 'alta',
  critical: 'crítica',
};
const URGENCY_ORDER: readonly UrgencyLevel[] = ['low', 'medium', 'high', 'critical'];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const decimal = (value: number, digits = 1) => value.toFixed(digits).replace('.', ',');

function originalSpelling(text: string): (folded: string) => string {
  const map = new Map<string, string>();
  for (const [word] of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const key = foldText(word);
    if (!map.has(key)) map.set(key, word.toLowerCase());
  }
  return (folded) =>
    folded
      .split(' ')
      .map((w) => map.get(w) ?? w)
      .join(' ');
}

function pickEvidence(evidence: readonly SentimentEvidence[], count: number): SentimentEvidence[] {
  const seen = new Set<string>();
  return [...evidence]
    .filter((e) => e.source !== 'pattern' && e.source !== 'emoji')
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.term < b.term ? -1 : 1))
    .filter((e) => {
      if (seen.has(e.term)) return false;
      seen.add(e.term);
      return true;
    })
    .slice(0, count);
}

/**
 * Ticket analysis of a whole conversation. Speaker prefixes ("Cliente:", "Atendente:", "Agente:",
 * "Customer:") split it into turns; the customer's turns carry the sentiment, the last ones weigh
 * more (last ×3, the one before ×1.5), and the end of the conversation decides the solved status.
 */
export function analyzeTicket(fullText: string, options: AnalyzeOptions = {}): TicketAnalysis {
  // Red flags read the whole conversation (the customer's turns); the rest its first 20,000 chars.
  const customerTextOf = (turns: readonly Turn[]) =>
    turns
      .filter((t) => t.speaker === 'customer')
      .map((t) => t.text)
      .join('\n');
  const allTurns = parseConversation(fullText);
  const redFlags = findRedFlags(customerTextOf(allTurns) || fullText, options.tenantTerms ?? []);
  const conversationText = fullText.slice(0, ANALYSED_PREFIX);
  const writtenTurns = conversationText === fullText ? allTurns : parseConversation(conversationText);
  const writtenText = customerTextOf(writtenTurns) || conversationText;
  const detection = detectLanguageDetailed(writtenText, { fallback: options.defaultLanguage ?? 'pt-BR' });
  const language: Language = detection.language;
  // The customer's informal Portuguese is rewritten first (normalize.ts), one turn at a time.
  const sarcastic = new Set<Turn>();
  const turns = writtenTurns.map((turn) => {
    if (turn.speaker !== 'customer') return turn;
    const prepared = prepareText(turn.text, language);
    const rewritten = prepared.text === turn.text ? turn : { ...turn, text: prepared.text };
    if (prepared.cues.sarcasm) sarcastic.add(rewritten);
    return rewritten;
  });
  const customerTurns = turns.filter((t) => t.speaker === 'customer');
  const customerText = customerTextOf(turns);
  const analysedText = customerText || conversationText;

  const sentiments = customerTurns.map((t) =>
    withSarcasm(analyzeSentiment(t.text, language), sarcastic.has(t)),
  );
  let weighted = 0;
  let weights = 0;
  sentiments.forEach((s, index) => {
    const fromEnd = sentiments.length - 1 - index;
    const weight = fromEnd === 0 ? 3 : fromEnd === 1 ? 1.5 : 1;
    weighted += s.score * weight;
    weights += weight;
  });
  const score = weights ? weighted / weights : 0;
  const hasStrongPositive = sentiments.some((s) => s.sentiment === 'positive' && s.score >= 0.3);
  const hasStrongNegative = sentiments.some((s) => s.sentiment === 'negative' && s.score <= -0.3);
  let overall: Sentiment;
  if (sentiments.length === 1) overall = sentiments[0]?.sentiment ?? 'neutral';
  else if (score >= 0.25) overall = 'positive';
  else if (score <= -0.25) overall = 'negative';
  else if ((hasStrongPositive && hasStrongNegative) || sentiments.some((s) => s.sentiment === 'mixed'))
    overall = 'mixed';
  else overall = score >= 0.12 ? 'positive' : score <= -0.12 ? 'negative' : 'neutral';

  const portugueseText = language === 'pt' || language === 'pt-BR';
  const unhappy = sentiments.some((s) => s.sentiment === 'negative' || s.sentiment === 'mixed');
  let status = decideStatus(turns, sentiments);
  // "Consegui entrar no app e vi um pix que eu não fiz": money, a sale or a business at stake told
  // after the customer's own "solved" is a new problem. How the solved one went ("mas demorou 3
  // dias", "o atendente foi grosso", "liguei três vezes") does not reopen it.
  if (
    status.afterCustomerCue &&
    findEscalations(status.afterCustomerCue, { negative: unhappy, portuguese: portugueseText }).some((f) =>
      REOPENING_REASONS.has(f.reason),
    )
  )
    status = {
      status: 'not_solved',
      why: 'o cliente relatou um novo problema depois de dizer que estava resolvido',
      byCue: true,
    };
  const folded = foldText(analysedText);
  const legal = LEGAL_RE.test(folded);
  const regulator = REGULATOR_RE.test(folded);
  const repeated = REPEATED.test(folded);
  const churn = CHURN.test(folded);

  // CSAT: the weighted customer sentiment on 2..9, moved by the outcome and the warning signs.
  const lastSentiment = sentiments.at(-1);
  let csat = 5.5 + 3.5 * score;
  csat += status.status === 'solved' ? 1.5 : status.status === 'not_solved' ? -1.5 : 0;
  if (lastSentiment?.sentiment === 'positive') csat += 0.5;
  if (lastSentiment?.sentiment === 'negative') csat -= 0.5;
  if (redFlags.containsRedFlags) csat -= 0.5;
  if (legal || regulator) csat -= 1;
  if (repeated) csat -= 0.5;
  if (churn && status.status !== 'solved') csat -= 1;
  const csatScore = Math.round(clamp(csat, 0, 10) * 10) / 10;

  // Complexity: length, back-and-forth, number of subjects and aggravating signals.
  const topics = TOPICS.filter(([, topicRe]) => topicRe.test(folded)).map(([name]) => name);
  const customerWords = folded.split(' ').filter(Boolean).length;
  let complexity = 0.1;
  complexity += Math.min(0.25, customerWords / 400);
  complexity += Math.min(0.2, Math.max(0, turns.length - 2) * 0.03);
  complexity += Math.min(0.3, Math.max(0, topics.length - 1) * 0.1);
  if (legal || regulator) complexity += 0.1;
  if (redFlags.containsRedFlags) complexity += 0.05;
  if (repeated) complexity += 0.1;
  if (status.status === 'not_solved') complexity += 0.05;
  if (overall === 'mixed' || overall === 'negative') complexity += 0.05;
  const complexityScore = Math.round(clamp(complexity, 0, 1) * 100) / 100;

  let urgency = scoreUrgency(analysedText, {
    sentiment: { sentiment: overall, score },
    redFlagCount: redFlags.words.length,
  }).level;
  if (status.status === 'solved')
    urgency = URGENCY_ORDER[Math.max(0, URGENCY_ORDER.indexOf(urgency) - 2)] ?? 'low';

  // Escalation: the policy's named rules over the customer's words (escalation.ts). Sentiment
  // and CSAT never escalate by themselves; a solved ticket keeps only regulator, legal and
  // public-exposure reasons.
  const escalations = findEscalations(folded, {
    negative: unhappy,
    solved: status.status === 'solved',
    maxWaitMinutes: options.maxCustomerWaitMinutes,
    original: analysedText,
    portuguese: portugueseText,
  });
  const reasons: EscalationReason[] = escalations.map((e) => e.reason);
  // The escalation model adds a reason only where the rules found none, for a customer who is not
  // happy overall, in a language it was trained on, unsolved (and not when the rules alone are asked for).
  const learned =
    MODEL_LANGUAGES.has(language) &&
    overall !== 'positive' &&
    status.status !== 'solved' &&
    options.engine !== 'rules'
      ? learnedEscalation(
          writtenText,
          reasons,
          !portugueseText,
          // A calm cancellation the rules judged is no threat the model may add.
          portugueseText && calmCancellation(folded) ? ['churn_threat'] : [],
          overall === 'neutral' && writtenText.includes('?'),
        )
      : undefined;
  if (learned) reasons.push(learned.reason);

  // Confidence: more opinion evidence, a clear status cue and a structured conversation raise it.
  const evidence = sentiments.flatMap((s) => s.evidence);
  let confidence = 0.42 + 0.05 * Math.min(6, evidence.length);
  if (status.byCue) confidence += 0.12;
  if (turns.some((t) => t.speaker === 'agent')) confidence += 0.05;
  if (overall === 'mixed') confidence -= 0.08;
  if (!detection.reliable) confidence -= 0.1;
  const confidenceScore = Math.round(clamp(confidence, 0.15, 0.95) * 100) / 100;

  const spell = originalSpelling(analysedText);
  const cited = pickEvidence(evidence, 4).map((e) => `"${e.negated ? 'não ' : ''}${spell(e.term)}"`);
  const parts: string[] = [];
  parts.push(
    `Sentimento geral ${SENTIMENT_PT[overall]}` +
      (cited.length
        ? `: o cliente usou expressões como ${cited.join(', ')}.`
        : ': não foram encontradas expressões de opinião.'),
  );
  parts.push(`Status ${STATUS_PT[status.status]}: ${status.why}.`);
  parts.push(
    `CSAT previsto ${decimal(csatScore)}/10; urgência ${URGENCY_PT[urgency]}; complexidade ${decimal(complexityScore, 2)}`,
  );
  parts[parts.length - 1] += topics.length ? ` (assuntos: ${topics.join(', ')}).` : '.';
  if (redFlags.containsRedFlags) parts.push(`Termos de alerta: ${redFlags.words.join(', ')}.`);
  if (learned)
    parts.push(
      `Escalonamento recomendado pelo modelo aprendido (${Math.round(learned.probability * 100)}%): ${ESCALATION_REASON_LABELS[learned.reason]}, pelas palavras ${learned.words.map((w) => `"${spell(w)}"`).join(', ')}.`,
    );
  else
    parts.push(
      escalations.length
        ? `Escalonamento recomendado por: ${escalations.map((e) => `${ESCALATION_REASON_LABELS[e.reason]}: "${spell(e.evidence)}"`).join('; ')}.`
        : 'Não há sinais que exijam escalonamento.',
    );

  return {
    overall_sentiment: overall,
    sentiment: overall,
    complexity_score: complexityScore,
    confidence_score: confidenceScore,
    csat_score: csatScore,
    solved_status: status.status,
    analysis_explanation: parts.join(' '),
    contains_red_flags: redFlags.containsRedFlags,
    red_flag_words: [...redFlags.words],
    requires_escalation: reasons.length > 0,
    escalation_reasons: reasons,
    urgency_level: urgency,
  };
}
