import type { SolvedStatus } from './enums.ts';
import type { SentimentResult } from './sentiment.ts';
import { foldText, wordsRegex } from './text.ts';

// A conversation split into turns, and whether its ending shows the problem solved.

export type Speaker = 'customer' | 'agent';
export interface Turn {
  readonly speaker: Speaker;
  readonly text: string;
}

const CUSTOMER_ROLES =
  'cliente|customer|consumidor|consumidora|usuario|usuaria|user|client|contratante|solicitante';
const AGENT_ROLES =
  'atendente|agente|agent|suporte|support|operador|operadora|analista|bot|sistema|assistente|vendedor|vendedora|tecnico|tecnica|empresa|loja|sac|equipe';
// "Cliente:", "[10:32] Atendente Ana:", "Agente (Maria) -". The role is matched on folded text.
const SPEAKER_RE = new RegExp(
  `^\\s*(?:\\[[^\\]]*\\]\\s*)?(?:\\d{1,2}[:h]\\d{2}(?::\\d{2})?\\s*[-–]?\\s*)?(${CUSTOMER_ROLES}|${AGENT_ROLES})(?:\\s+[a-z]+)?(?:\\s*\\([^)]*\\))?\\s*[:\\-–]\\s*`,
);
const CUSTOMER_RE = new RegExp(`^(?:${CUSTOMER_ROLES})$`);

/** Splits a conversation into turns by speaker prefix; text without any prefix is the customer's. */
export function parseConversation(text: string): Turn[] {
  const turns: Array<{ speaker: Speaker; lines: string[] }> = [];
  for (const raw of text.split(/\r?\n/)) {
    // In NFC, removing the accent marks of the NFD form keeps one character per character, so the
    // prefix matched on the folded line has the same length in the original one.
    const line = raw.normalize('NFC');
    const folded = line
      .normalize('NFD')
      .replace(/\p{Mn}+/gu, '')
      .toLowerCase();
    const match = SPEAKER_RE.exec(folded);
    if (match) {
      const speaker: Speaker = CUSTOMER_RE.test(match[1] ?? '') ? 'customer' : 'agent';
      turns.push({ speaker, lines: [line.slice(match[0].length).trim()] });
    } else if (line.trim()) {
      const current = turns.at(-1);
      if (current) current.lines.push(line.trim());
      else turns.push({ speaker: 'customer', lines: [line.trim()] });
    }
  }
  return turns.map((t) => ({ speaker: t.speaker, text: t.lines.join('\n') })).filter((t) => t.text);
}

// "chegou", "recebi" and "caiu" say it arrived only about the thing awaited ("o pix caiu", "recebi
// o reembolso", "chegou certinho"), not "chegou uma cobrança", "o técnico chegou bêbado" or "a
// central caiu"; nor when it came broken or wrong.
const AWAITED =
  '(?:pedido|produto|encomenda|pacote|mercadoria|reembolso|estorno|dinheiro|valor|pagamento|pix|deposito|credito|codigo|senha|e-?mail|acesso|boleto certo|segunda via|nota|cartao novo|chip)';
const ARRIVED_BROKEN =
  '(?! (?:\\w+ )?(?:quebrad|errad|danificad|amassad|com defeito|faltando|vazi|abert|diferente|sujo|suja|molhad|incomplet|atrasad|outr|sem |pela metade|estragad|vencid|podre|derretid|quente|rasgad|trocad|violad))';
const ARRIVED_WELL = `(?=\\s*$|\\s*[.,!;:)]|\\s+(?:aqui|hoje|agora|ontem|sim|certinho|certinha|direitinho|direitinha|certo|certa|tudo|perfeit\\w*|inteir\\w*|bem|rapidinho|antes|no prazo|em casa|obrigad\\w*|brigad\\w*|valeu|vlw|gracas)\\b${ARRIVED_BROKEN}|\\s+(?:o|a|os|as|meu|minha|meus|minhas|seu|sua) ${AWAITED}\\b${ARRIVED_BROKEN})`;
// "o técnico chegou aqui com bafo de cachaça", "o instalador chegou pedindo 250 reais": a person
// who came is no awaited thing that arrived.
const NOT_A_PERSON =
  '(?<!\\b(?:tecnic[oa]|instalador[a]?|entregador[a]?|motoboy|motorista|montador|pedreiro|eletricista|encanador|rapaz|moco|moca|cara|funcionari[oa]|atendente|pessoal|equipe|fiscal|vistoriador[a]?|ele|ela) )';
// "pode encerrar meu plano" cancels; "pode encerrar" alone closes the conversation.
const NOT_AN_ACCOUNT =
  '(?! (?:(?:o|a|os|as) )?(?:(?:meu|minha|esse|essa|este|esta) )?(?:cadastro|plano|conta|contrato|assinatura|linha|cartao|servico|pedido|compra|matricula))';
const SOLVED_BY_CUSTOMER = new RegExp(
  `(?<!\\b(?:nao|nem|ainda nao|nunca|sem) )\\b(?:funcionou|funcionando|resolvido|resolvida|resolveu|resolveram|solucionado|deu certo|consegui|agora foi|agora sim|tudo certo|tudo certinho|tudo ok|${NOT_A_PERSON}(?:ja|agora|finalmente) (?:chegou|recebi|caiu)${ARRIVED_WELL}|(?<!\\bque )${NOT_A_PERSON}chegou${ARRIVED_WELL}|recebi (?:o|a|os|as|meu|minha|meus|minhas) ${AWAITED}${ARRIVED_BROKEN}|(?:o|a|meu|minha) ${AWAITED} (?:ja )?(?:caiu|chegou)${ARRIVED_BROKEN}|caiu (?:o|a) ${AWAITED}|ja (?:estornaram|estornou|reembolsaram|reembolsou|devolveram|ressarciram)(?![^.!?]{0,40}(?:\\?|\\b(?:errad\\w*|so|metade|parte|a menos|menos|falt\\w+)\\b))|voltou a funcionar|voltou ao normal|normalizou|ja esta ok|problema resolvido|pode (?:encerrar|finalizar|fechar)${NOT_AN_ACCOUNT}|era so isso)\\b`,
  'g',
);
// "fecharam como resolvido", "o técnico jurou que tinha resolvido": someone else's word, not the
// customer's (read in the words just before a solved cue).
const CLAIMED_BY_OTHERS =
  /\b(?:diss\w*|diz\w*|jur\w+|falou|falaram|garant\w+|afirm\w+|achei|achava|pensei|pensava|marc\w+|fech\w+|encerr\w+|consta\w*|aparece\w*|status)\b(?:(?!\b(?:mas|porem)\b)[^.!?])*\b(?:como|que|q)\s+(?:(?!(?:mas|porem)\b)\w+\s+){0,3}$/;

/**
 * The customer's own last word that the problem is solved, in their folded last turn: where it
 * starts and ends (undefined: none).
 */
function customerSolvedCue(folded: string): { start: number; end: number } | undefined {
  let last: { start: number; end: number } | undefined;
  for (const m of folded.matchAll(SOLVED_BY_CUSTOMER)) {
    if (CLAIMED_BY_OTHERS.test(folded.slice(Math.max(0, m.index - 80), m.index))) continue;
    last = { start: m.index, end: m.index + m[0].length };
  }
  return last;
}

/** Where the last match of a global pattern starts (−1: none). */
/** Where the last match of `pattern` ends in `text` (-1: none). */
function lastMatchEnd(pattern: RegExp, text: string): number {
  let end = -1;
  for (const m of text.matchAll(pattern)) end = m.index + m[0].length;
  return end;
}

const SOLVED_BY_AGENT = wordsRegex([
  'foi resolvido',
  'está resolvido',
  'ficou resolvido',
  'foi solucionado',
  'foi concluído',
  'foi corrigido',
  'foi normalizado',
  'já foi corrigido',
  'já foi estornado',
  'já foi reembolsado',
  'já foi liberado',
  'já foi desbloqueado',
  'já foi reenviado',
  'concluímos',
  'resolvemos',
  'corrigimos',
  'estornamos',
  'liberamos',
  'desbloqueamos',
  'reenviamos',
  'has been resolved',
  'is fixed',
  'fue resuelto',
]);
const FOLLOW_UP = wordsRegex([
  'vou verificar',
  'vamos verificar',
  'vou analisar',
  'vamos analisar',
  'retornaremos',
  'retornamos',
  'retorno em',
  'entraremos em contato',
  'entrarei em contato',
  'encaminhei',
  'encaminhamos',
  'vou encaminhar',
  'vamos encaminhar',
  'foi encaminhado',
  'abrimos um chamado',
  'abri um chamado',
  'abrimos um protocolo',
  'número de protocolo',
  'protocolo',
  'em até',
  'prazo de',
  'aguarde',
  'aguardar',
  'estamos verificando',
  'estamos analisando',
  'equipe técnica',
  'será enviado',
  'será realizado',
  'será agendado',
  'será analisado',
  'agendamos',
  'agendado para',
  'visita técnica',
  'vamos acompanhar',
  'em análise',
  'we will check',
  'we will get back',
  'escalated',
  'vamos a revisar',
]);
// The customer closes with thanks after an answer ("Perfeito, obrigado!").
const THANKS_CLOSE = wordsRegex([
  'obrigado',
  'obrigada',
  'valeu',
  'agradeço',
  'perfeito',
  'entendi',
  'combinado',
  'thank you',
  'thanks',
  'gracias',
]);
const WAITING = wordsRegex([
  'aguardo',
  'fico no aguardo',
  'vou aguardar',
  'vou esperar',
  'aguardando retorno',
  'i will wait',
]);
const UNSOLVED_WORDS = wordsRegex(
  [
    'ainda não',
    'continua',
    'não resolveu',
    'não resolveram',
    'não funcionou',
    'não funciona',
    // A problem told after the solved word: "deu certo o pagamento mas o pedido não saiu".
    'não saiu',
    'não chegou',
    'não veio',
    'não apareceu',
    'não liberou',
    'não liberaram',
    'não caiu',
    'não entrou',
    'não voltou',
    'não abre',
    'não liga',
    'não carrega',
    'mesmo problema',
    'de novo',
    'nada resolvido',
    'nada foi resolvido',
    'nada se resolveu',
    'sem solução',
    'still not',
    'todavía no',
  ],
  'gu',
);
// "continuo", but not "continuo cliente" (loyalty, not a problem still there).
const UNSOLVED = new RegExp(
  `${UNSOLVED_WORDS.source}|(?<![\\p{L}\\p{N}])continuo(?! (?:cliente|fiel|assinante)\\b)(?![\\p{L}\\p{N}])`,
  'gu',
);

export interface StatusDecision {
  readonly status: SolvedStatus;
  readonly why: string;
  readonly byCue: boolean;
  /**
   * Solved by the customer's own word: what they wrote after it (folded). A new problem told there
   * ("consegui entrar no app e vi um pix que eu não fiz") means it is not solved (ticket.ts).
   */
  readonly afterCustomerCue?: string;
}

/** Solved status from the end of the conversation, with the reason (pt-BR) and whether a cue decided. */
export function decideStatus(
  turns: readonly Turn[],
  customerSentiments: readonly SentimentResult[],
): StatusDecision {
  const customerTurns = turns.filter((t) => t.speaker === 'customer');
  const lastCustomer = customerTurns.at(-1);
  const lastCustomerSentiment = customerSentiments.at(-1);
  const lastTurn = turns.at(-1);
  const agentAfterCustomer =
    lastTurn?.speaker === 'agent' ? turns.slice(turns.lastIndexOf(lastCustomer as Turn) + 1) : [];
  const agentLast = foldText(agentAfterCustomer.map((t) => t.text).join(' '));
  const customerLast = foldText(lastCustomer?.text ?? '');
  const hasAgent = turns.some((t) => t.speaker === 'agent');
  const lastAgent = foldText([...turns].reverse().find((t) => t.speaker === 'agent')?.text ?? '');

  // The later word wins: "ainda não tinha chegado, agora chegou" is solved; "consegui falar com
  // alguém, mas o problema continua" is not.
  const solvedCue = customerSolvedCue(customerLast);
  // After its end: a solved word inside the unsolved cue ("nada resolvido") is no later word.
  const unsolvedEnd = lastMatchEnd(UNSOLVED, customerLast);
  const solvedLast = solvedCue !== undefined && solvedCue.start >= unsolvedEnd;
  const stillBad = lastCustomerSentiment?.sentiment === 'negative' || unsolvedEnd >= 0;
  if (stillBad && !solvedLast) {
    if (FOLLOW_UP.test(agentLast))
      return {
        status: 'in_progress',
        why: 'o atendente prometeu retorno após a última queixa do cliente',
        byCue: true,
      };
    return { status: 'not_solved', why: 'a última mensagem do cliente ainda relata o problema', byCue: true };
  }
  if (solvedLast && lastCustomerSentiment?.sentiment !== 'negative') {
    return {
      status: 'solved',
      why: 'o cliente confirmou que o problema foi resolvido',
      byCue: true,
      afterCustomerCue: customerLast.slice(solvedCue.end),
    };
  }
  if (SOLVED_BY_AGENT.test(lastAgent) && lastCustomerSentiment?.sentiment !== 'negative') {
    return {
      status: 'solved',
      why: 'o atendente informou a solução e o cliente não voltou a reclamar',
      byCue: true,
    };
  }
  const firstAgent = turns.findIndex((t) => t.speaker === 'agent');
  const answered = firstAgent >= 0 && firstAgent < turns.lastIndexOf(lastCustomer as Turn);
  if (
    answered &&
    THANKS_CLOSE.test(customerLast) &&
    !WAITING.test(customerLast) &&
    !FOLLOW_UP.test(agentLast) &&
    lastCustomerSentiment?.sentiment !== 'negative' &&
    !customerLast.includes('?')
  ) {
    return {
      status: 'solved',
      why: 'o cliente agradeceu a resposta e encerrou sem novas dúvidas',
      byCue: true,
    };
  }
  if (FOLLOW_UP.test(agentLast) || FOLLOW_UP.test(lastAgent) || WAITING.test(customerLast)) {
    return {
      status: 'in_progress',
      why: 'há um retorno prometido ou o cliente está aguardando',
      byCue: true,
    };
  }
  if (!hasAgent) return { status: 'not_solved', why: 'ainda não há resposta da equipe', byCue: false };
  if (lastCustomerSentiment?.sentiment === 'positive') {
    return { status: 'solved', why: 'a conversa termina com o cliente satisfeito', byCue: false };
  }
  return { status: 'in_progress', why: 'a conversa não mostra conclusão', byCue: false };
}

/** Maps folded words back to how the customer wrote them ("pessimo" → "péssimo"). */
