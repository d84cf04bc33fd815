import type { UrgencyLevel } from './enums.ts';
import { LEGAL_RE, REGULATOR_RE } from './red-flags.ts';
import type { SentimentResult } from './sentiment.ts';
import { capsRatio, foldText, wordsRegex } from './text.ts';

export type UrgencySignal =
  | 'urgency_words'
  | 'business_impact'
  | 'legal_threat'
  | 'regulator_threat'
  | 'churn_threat'
  | 'repeated_contact'
  | 'shouting'
  | 'strong_negativity'
  | 'red_flags';

export interface UrgencyResult {
  readonly level: UrgencyLevel;
  readonly points: number;
  /** Time pressure and business impact only: what makes a message's intent "urgent". */
  readonly pressure: number;
  readonly signals: readonly UrgencySignal[];
}

export interface UrgencyContext {
  readonly sentiment?: Pick<SentimentResult, 'sentiment' | 'score'>;
  readonly redFlagCount?: number;
}

// pt first, then the en/es equivalents (urgency words read the same in any queue).
const CRITICAL_WORDS = wordsRegex([
  'urgente',
  'urgentemente',
  'urgência',
  'emergência',
  'socorro',
  'com urgência',
  'pelo amor de deus',
  'prioridade máxima',
  'caso de vida ou morte',
  'crítico',
  'urgent',
  'urgently',
  'emergency',
  'asap',
  'urgencia',
  'emergencia',
]);
const NOW_WORDS = wordsRegex([
  'imediatamente',
  'o quanto antes',
  'agora mesmo',
  'hoje mesmo',
  'ainda hoje',
  'o mais rápido possível',
  'o mais breve possível',
  'sem demora',
  'pra ontem',
  'para ontem',
  'não pode esperar',
  'não posso esperar',
  'não dá para esperar',
  'não dá pra esperar',
  'tenho pressa',
  'estou com pressa',
  'right now',
  'immediately',
  'as soon as possible',
  'ahora mismo',
  'inmediatamente',
  'hoy mismo',
  'cuanto antes',
]);
const DEADLINE = wordsRegex([
  'vence hoje',
  'vence amanhã',
  'vencendo hoje',
  'prazo acaba hoje',
  'é hoje',
  'até hoje à noite',
  'daqui a pouco',
  'em poucas horas',
  'ainda hoje',
  'amanhã cedo',
  'até o fim do dia',
  'até o meio-dia',
  'começa hoje',
  'due today',
]);
// "em 30 minutos", "daqui a 2 horas", "até as 18h": a deadline within the day.
const DEADLINE_SOON =
  /\b(?:em|daqui a|dentro de|falta|faltam)\s+(?:\d+|uma|um|duas|dois|poucos|poucas|meia)\s+(?:minutos?|horas?|min|h)\b|\bate as \d{1,2}(?:h|:\d{2}| horas)?\b/;
// "senão cortam minha luz amanhã": a consequence is coming.
const CONSEQUENCE =
  /\b(?:senao|se nao|caso contrario|ou entao)\s+(?:\w+\s+){0,3}(?:cortam|cortar|corta|cortarao|vence|vencer|perco|perder|vou perder|bloqueiam|bloquear|suspendem|suspender|cancelam|pago multa|negativ\w+|despejo|despejam)\b/;
// "ninguém consegue trabalhar", "nenhum funcionário consegue vender": the business is stopped.
const NOBODY_CAN =
  /\b(?:ninguem|nenhum \w+|nenhuma \w+|todos? os \w+ sem) (?:aqui )?(?:consegue|conseguem|pode|podem)? ?(?:trabalhar|vender|acessar|entrar|pagar|comprar|atender|usar|operar|faturar)\b/;
// Someone else is using the account or card right now.
const SECURITY = wordsRegex([
  'invadida',
  'invadido',
  'invadiram',
  'hackeada',
  'hackeado',
  'hackearam',
  'clonado',
  'clonada',
  'clonaram',
  'estão usando meu',
  'estão fazendo compras',
  'compras que não fiz',
  'transferências que não fiz',
  'roubaram minha conta',
  'golpe em andamento',
  'vazamento de gás',
  'incêndio',
  'risco de vida',
  'hacked',
  'stolen card',
]);
// Who or what depends on it: a business serving its customers right now, someone's health.
const STAKES = wordsRegex([
  'clientes esperando',
  'clientes estão esperando',
  'clientes na fila',
  'fila de clientes',
  'loja cheia',
  'cheia de gente',
  'cheia de clientes',
  'loja aberta',
  'no meio da reunião',
  'no meio do expediente',
  'no meio do atendimento',
  'no meio do almoço',
  'em pleno almoço',
  'em pleno expediente',
  'em pleno funcionamento',
  'no meio da venda',
  'no meio das vendas',
  'no meio de uma venda',
  'em plena venda',
  'no meio da aula',
  'no meio da prova',
  'depende de aparelho',
  'vacina',
  'vacinas',
  'insulina',
  'depende de aparelhos',
  'aparelhos médicos',
  'acamado',
  'acamada',
  'respirador',
  'grávida',
  'gestante',
  'horário de pico',
  'black friday',
  'oxigênio',
  'remédio',
  'medicamento',
  'hospital',
  'cirurgia',
  'idoso',
  'idosa',
  'bebê',
]);
// Travel and events: a date that will not move.
const APPOINTMENT = wordsRegex([
  'voo',
  'embarque',
  'evento',
  'viagem',
  'show',
  'casamento',
  'prova',
  'entrevista',
]);
const HURRY = wordsRegex(['rápido', 'depressa', 'correndo', 'logo', 'quickly', 'rápidamente']);
// An urgency word shouted in a message otherwise written in lower case ("preciso AGORA").
const SHOUTED_URGENCY = /\b(?:AGORA|HOJE|JÁ|RÁPIDO|RAPIDO|URGENTE|IMEDIATAMENTE|SOCORRO|NOW|ASAP|YA)\b/;
// "hoje"/"agora" alone add a little, but not "até hoje"/"até agora" (that is waiting, not a deadline).
const TODAY = /(?<!\bate )\b(?:hoje|agora|today|now|hoy|ahora)\b/;
const IMPACT = wordsRegex([
  'sem sistema',
  'nenhum caixa',
  'todas as filiais',
  'todos os caixas',
  'todas as máquinas',
  'parado',
  'parada',
  'parados',
  'paradas',
  'empresa inteira',
  'empresa toda',
  'todos os funcionários',
  'todos os clientes',
  'todas as lojas',
  'ninguém consegue',
  'perdendo vendas',
  'perdendo dinheiro',
  'perdendo clientes',
  'não consigo vender',
  'não consigo trabalhar',
  'sem vender',
  'tenho venda',
  'prejuízo',
  'servidor fora do ar',
  'produção parada',
  'whole company',
  'all users',
  'losing money',
  'toda la empresa',
]);
const LIGHT_IMPACT = wordsRegex([
  'fora do ar',
  'sem internet',
  'sem sinal',
  'sem acesso',
  'perdi o acesso',
  'sem luz',
  'sem energia',
  'caiu',
  'sumiu',
  'down',
  'outage',
]);
const CHURN = wordsRegex([
  'vou cancelar',
  'quero cancelar',
  'cancelar tudo',
  'cancelamento',
  'vou trocar de empresa',
  'vou mudar de operadora',
  'vou procurar outra',
  'nunca mais compro',
  'nunca mais',
  'vou embora',
  'cancel my',
  'cancel the',
  'cancelar mi',
]);
const REPEATED = wordsRegex([
  'de novo',
  'mais uma vez',
  'outra vez',
  'novamente',
  'segunda vez',
  'terceira vez',
  'quarta vez',
  'quinta vez',
  'várias vezes',
  'inúmeras vezes',
  'já liguei',
  'já reclamei',
  'já abri',
  'já mandei',
  'já enviei',
  'já falei',
  'toda vez',
  'again',
  'otra vez',
  'de nuevo',
]);
const REPEATED_COUNT =
  /\b(?:\d+|duas|tres|quatro|cinco|varias|varios)\s+(?:vezes|chamados|protocolos|ligacoes|reclamacoes|tentativas)\b/;

/** Points from level: 0–1 low, 2–3 medium, 4–5 high, 6+ critical. */
function levelOf(points: number): UrgencyLevel {
  if (points >= 6) return 'critical';
  if (points >= 4) return 'high';
  if (points >= 2) return 'medium';
  return 'low';
}

/** Urgency points with the signals that produced them. */
export function scoreUrgency(text: string, context: UrgencyContext = {}): UrgencyResult {
  const folded = foldText(text);
  const signals: UrgencySignal[] = [];
  let pressure = 0;
  if (CRITICAL_WORDS.test(folded)) pressure += 3;
  if (NOW_WORDS.test(folded)) pressure += 2;
  if (DEADLINE.test(folded) || DEADLINE_SOON.test(folded) || CONSEQUENCE.test(folded)) pressure += 2;
  else if (TODAY.test(folded)) pressure += 1;
  if (HURRY.test(folded)) pressure += 1;
  if (SHOUTED_URGENCY.test(text)) pressure += 1;
  if (pressure > 0) signals.push('urgency_words');
  let impact = 0;
  if (SECURITY.test(folded)) impact += 3;
  if (IMPACT.test(folded) || NOBODY_CAN.test(folded)) impact += 2;
  if (STAKES.test(folded)) impact += 2;
  if (APPOINTMENT.test(folded)) impact += 1;
  if (LIGHT_IMPACT.test(folded)) impact += 1;
  if (impact > 0) signals.push('business_impact');
  pressure += impact;

  let points = Math.min(pressure, 5);
  if (LEGAL_RE.test(folded)) {
    points += 3;
    signals.push('legal_threat');
  }
  if (REGULATOR_RE.test(folded)) {
    points += 2;
    signals.push('regulator_threat');
  }
  if (CHURN.test(folded)) {
    points += 1;
    signals.push('churn_threat');
  }
  if (REPEATED.test(folded) || REPEATED_COUNT.test(folded)) {
    points += 1;
    signals.push('repeated_contact');
  }
  const exclamations = (text.match(/!/g) ?? []).length;
  if (capsRatio(text) >= 0.6 || exclamations >= 3) {
    points += 1;
    signals.push('shouting');
  }
  const sentiment = context.sentiment;
  if (sentiment && sentiment.sentiment === 'negative' && sentiment.score <= -0.5) {
    points += sentiment.score <= -0.75 ? 2 : 1;
    signals.push('strong_negativity');
  }
  if ((context.redFlagCount ?? 0) > 0) {
    points += 1;
    signals.push('red_flags');
  }
  return { level: levelOf(points), points, pressure, signals };
}

/** low | medium | high | critical, from the points of scoreUrgency(). */
export function urgencyOf(text: string, context: UrgencyContext = {}): UrgencyLevel {
  return scoreUrgency(text, context).level;
}
