import { ESCALATION_REASONS, type EscalationReason } from './enums.ts';

/**
 * Escalation: "a lead must look at this now". Explicit, named rules over what the customer wrote,
 * one per row of the escalation policy (ESCALATION.md in the shared analysis data):
 *
 * | code                      | the customer says…                                               |
 * | ------------------------- | ---------------------------------------------------------------- |
 * | repeated_contact          | they contacted us again and again, or the same failure repeats   |
 * | long_wait                 | they have waited days or weeks (or longer than the tenant's max) |
 * | churn_threat              | they will cancel or leave, because of this problem               |
 * | regulator_complaint       | Procon, Anatel, Banco Central, consumidor.gov…                   |
 * | legal_action              | lawyer, lawsuit, small-claims court, police report               |
 * | public_exposure           | Reclame Aqui, social networks, the press                         |
 * | financial_harm            | money taken wrongly (double/unknown charge), fraud, hacked account |
 * | business_impact           | their business is stopped or losing money, or safety is at risk  |
 * | ombudsman_or_misconduct   | asks for a supervisor/ouvidoria, or reports staff misconduct     |
 * | misleading_sale           | sold with false promises                                         |
 *
 * What does NOT escalate by itself: negative sentiment, a low predicted CSAT, a minor defect, a
 * small delay the customer accepts, a dislike, a calm cancellation, questions and routine
 * requests. So no rule reads the sentiment score or the CSAT; the sentiment only ties a
 * cancellation to a problem (a calm "quero cancelar" is a routine request).
 *
 * Each rule is a family of cues (regular expressions over folded text: lower case, no accents,
 * spaces collapsed) written from the policy's meaning, not from particular sentences: verbs in
 * their common inflections, the usual nouns, a few English and Spanish forms.
 */

export interface EscalationFinding {
  readonly reason: EscalationReason;
  /** The folded words that triggered the rule (quoted in the explanation). */
  readonly evidence: string;
}

export interface EscalationContext {
  /** The customer's text reads negative or mixed somewhere (ties a cancellation to a problem). */
  readonly negative?: boolean;
  /** The ticket is solved: only reasons a lead must see anyway remain (see PERSISTENT_REASONS). */
  readonly solved?: boolean;
  /** The tenant's maximum customer wait, in minutes: a stated wait beyond it is long too. */
  readonly maxWaitMinutes?: number;
  /** The customer's own words, not folded (for the upper-case acronym ANS). */
  readonly original?: string;
  /** The text is Portuguese: chat spellings ("vcs", "n", "ngm", "dnv") are read as words first. */
  readonly portuguese?: boolean;
}

/** Reasons that stand even when the ticket is solved: the complaint or the exposure is already out. */
const PERSISTENT_REASONS: ReadonlySet<EscalationReason> = new Set([
  'regulator_complaint',
  'legal_action',
  'public_exposure',
]);

const re = (source: string) => new RegExp(source);
const any = (...parts: string[]) => `(?:${parts.join('|')})`;

/** Number words (folded) with their value; "alguns", "vários" and bare plurals count as 2. */
const NUMBERS: Readonly<Record<string, number>> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  noventa: 90,
  cem: 100,
  meia: 0.5,
  alguns: 2,
  algumas: 2,
  varios: 2,
  varias: 2,
  muitos: 3,
  muitas: 3,
  uns: 2,
  umas: 2,
  diversos: 2,
  diversas: 2,
  one: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  several: 2,
  few: 2,
  many: 3,
  un: 1,
  dos: 2,
  cuatro: 4,
  diez: 10,
};
const NUMBER_WORD = Object.keys(NUMBERS).join('|');
/** Two or more, as a word or digits (for counts of contacts). */
const MANY = `(?:[2-9]|\\d{2,}|duas|dois|tres|quatro|cinco|seis|sete|oito|nove|dez|varias|varios|inumeras|inumeros|diversas|diversos|muitas|muitos|tantas|tantos|mil|centenas de|two|three|four|five|several|many|multiple|dos|tres|cuatro|varias|muchas)`;

const UNIT_MINUTES: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:minutos?|min|minutes?|minutos)$/, 1],
  [/^(?:horas?|hs?|hours?)$/, 60],
  [/^(?:dias?|days?|dias uteis|dia util)$/, 1440],
  [/^(?:semanas?|weeks?)$/, 10_080],
  [/^(?:mes|meses|months?)$/, 43_200],
  [/^(?:anos?|years?)$/, 525_600],
];
const DAY = 1440;
/** A stated wait of at least this many minutes is long whatever the tenant (the policy: days, weeks). */
const LONG_WAIT_MINUTES = 2 * DAY;

// ---------------------------------------------------------------------------------------------
// Helpers

/** The global twin of each rule's pattern, compiled once. */
const GLOBAL = new Map<RegExp, RegExp>();

/** The first match of `pattern` (made global) not negated by the word right before it. */
function firstMatch(
  folded: string,
  pattern: RegExp,
  accept: (match: RegExpExecArray) => boolean = () => true,
): RegExpExecArray | undefined {
  let global = GLOBAL.get(pattern);
  if (!global) {
    global = new RegExp(pattern.source, 'g');
    GLOBAL.set(pattern, global);
  }
  global.lastIndex = 0;
  for (let m = global.exec(folded); m; m = global.exec(folded)) {
    if (m[0].length === 0) {
      global.lastIndex++;
      continue;
    }
    if (!negatedAt(folded, m.index) && accept(m)) return m;
  }
  return undefined;
}

const NEGATION_BEFORE = /(?:^|[\s,])(?:nao|nem|nunca|jamais|not|never)\s+$/;
/** "não vou cancelar", "nem penso em processar": the cue right after a negation does not count. */
function negatedAt(folded: string, index: number): boolean {
  return NEGATION_BEFORE.test(folded.slice(Math.max(0, index - 10), index));
}

/** The text around a match, within the same stretch of a few clauses. */
function around(folded: string, m: RegExpExecArray, before = 90, after = 90): string {
  return folded.slice(Math.max(0, m.index - before), m.index + m[0].length + after);
}
/** A contact said not to happen ("pode vir sem ligar antes", "não precisa ligar") is none. */
const NEGATED_CONTACT = /\b(?:sem|nao|nem|nunca) (?:precisa(?:r)? (?:de )?)?$/;
function contactNear(window: string): boolean {
  return (
    firstMatch(
      window,
      CONTACT_ANY,
      (c) => !NEGATED_CONTACT.test(window.slice(Math.max(0, c.index - 24), c.index)),
    ) !== undefined
  );
}

// ---------------------------------------------------------------------------------------------
// repeated_contact: "é a terceira vez que ligo", "já abri três chamados", "o técnico não veio de
// novo", "estou ligando há dias", "fecharam o chamado sem solução".

const CONTACT = any(
  'lig(?:o|uei|ar|ando|amos|acao|acoes)',
  'contat(?:o|os|ei|ar|ando)',
  'entr(?:o|ei|ar|ando) em contato',
  'reclam(?:o|ei|ar|ando|acao|acoes)',
  'chamados?',
  'protocolos?',
  'abr(?:o|i|ir|indo)',
  'mand(?:o|ei|ar|ando)',
  'envi(?:o|ei|ar|ando)',
  'escrev(?:o|i|er|endo)',
  'fal(?:o|ei|ar|ando) com',
  'expli(?:co|quei|car|cando)',
  'ped(?:i|ir|indo)',
  'reiter(?:o|ei|ar|ando|amos)',
  'solicit(?:o|ei|ar|ando)',
  'tent(?:o|ei|ar|ando)',
  'prometeram|prometeu|prometendo|remarc\\w+|desmarc\\w+',
  'cobr(?:ei|ar|ando)',
  'insist(?:o|i|ir|indo)',
  'vim|voltei|volto|fui a loja|fui na loja|fui ate a loja',
  'troc(?:a|aram|ou|as)|troquei',
  'visitas?',
  'tecnicos?',
  'atendentes?|atendimentos?',
  'e-?mails?|mensage(?:m|ns)|whats(?:app)?|chat',
  'called|call|contacted|emailed|wrote|written|asked|tried|reached out',
  'llam(?:o|e|ado|ando)|escrib(?:o|i|ido)|reclam(?:o|e|ado)',
);
const ORDINAL_TIME = re(
  `\\b(?:segund[oa]|terceir[oa]|tercer[oa]|quart[oa]|cuart[oa]|quint[oa]|sext[oa]|setim[oa]|oitav[oa]|non[oa]|decim[oa]|enesim[oa]|milesim[oa]|(?:[2-9]|\\d{2,})\\s?[aoªº°])\\s+(?:(?:aparelho|produto|peca|unidade|item|celular|equipamento|modem|roteador|chip|cartao|pedido|entrega|encomenda)s? (?:que|com|a vir|a chegar|seguid\\w*)|vez|chamado|protocolo|reclamacao|ligacao|contato|visita|visita tecnica|troca|tentativa|mensagem|e-?mail|atendente|tecnico|reparo|conserto|solicitacao|ticket|agendamento|remarcacao|reagendamento|entrega (?:frustrada|falhada|perdida|cancelada)|pedido de (?:troca|reembolso|estorno|cancelamento)|(?:semana|mes|dia|fatura|conta|cobranca|entrega|pedido)s? (?:seguid[oa]|consecutiv[oa]|que))\\b|\\b(?:${MANY}|tod[oa]s? (?:os|as)) (?:dias|semanas|meses|vezes|faturas|contas|entregas) (?:seguid[oa]s|consecutiv[oa]s)\\b|\\bja e (?:o|a) (?:segund|terceir|quart|quint|sext)[oa] \\w+(?: de \\w+)? (?:que|q)\\b|\\bja e (?:o|a) (?:segund|terceir|quart|quint|sext)[oa] (?:que|q) (?:vem|veio|chega|chegou) (?:com )?(?:\\w+ )?(?:errad|quebrad|defeit|faltand|vazi|amassad|rasgad)\\w*|\\b(?:em|por) ${MANY} ocasioes\\b|\\b(?:segund|terceir|quart|quint)[oa] (?:alteracao|mudanca|rodada|notificacao|ocasiao)\\b|\\b(?:segund|terceir|quart|quint|sext)o atendimento (?:\\w+ ){0,3}?(?:sobre|pel[oa]|por|d[oa]|com) (?:\\w+ )?mesm[oa]\\b|\\b(?:second|third|fourth|fifth|\\d+(?:nd|rd|th))\\s+time\\b|\\b(?:segunda|tercera|cuarta|quinta)\\s+vez\\b`,
);
/** "três chamados", "várias ligações": the count itself says the contacts were many. */
const CONTACT_COUNT = re(
  `(?<!\\b(?:em|parcelad[oa] em|dividid[oa] em|in|qual|quais|um|uma|algum|alguma|nenhum|nenhuma|cada) )\\b${MANY}\\s+(?:numeros de protocolo|chamados|protocolos|ligacoes|reclamacoes|tentativas|contatos|e-?mails|mensagens|audios|visitas(?: tecnicas)?|atendentes|atendimentos|tecnicos|trocas|reparos|consertos|solicitacoes|pedidos de|calls|emails|tickets|complaints|attempts|llamadas|reclamos)\\b`,
);
/** "nem precisei explicar duas vezes": the count denied. */
const COUNT_DENIED = /\b(?:nem|nao|sem) (?:precis\w+|tive que|tivemos que)(?: \w+){0,3} $/;
/** "liguei cinco vezes": a count of times, with a contact verb nearby. */
const TIMES_COUNT = re(
  `(?<!\\b(?:em|parcelad[oa] em|dividid[oa] em) )\\b${MANY}\\s+(?:vezes|times|veces)\\b`,
);
const CONTACT_NEAR = re(`\\b${CONTACT}\\b`);
/** Asking someone of one's own ("perguntei 3 vezes pro meu marido"): no contact with the company. */
const OWN_PEOPLE =
  /\b(?:pro|pra|para (?:o|a)|ao|a|com (?:o|a)) (?:meu|minha) (?:marido|esposa|mulher|mae|pai|filh[oa]|irm[aã]o?|vizinh[oa]|amig[oa]|gerente|chefe|namorad[oa]|sogr[oa]|vo|avo)\b/;
/** Asking or telling again ("é a terceira vez que peço", "já perguntei 3 vezes"): a contact only in an unhappy message (not "peço pizza aqui de novo"). */
const ASKING_AGAIN = re(
  `\\b(?:peco(?= (?:isso|pra|para|que|q|o mesmo|a mesma|de novo|novamente)\\b|\\s*[:,.!?]|$)|pedimos|pergunt(?:o|ei|ando|amos)|repit(?:o|i)|repet(?:i|ir|indo)|chamo|chamei|report(?:o|ei|ar|ando)|denunciei|falo|falei)\\b`,
);
/** "já liguei", "já abri chamado", "já expliquei": a previous contact about the same thing. */
const ALREADY_CONTACTED = re(
  `\\bja\\s+(?:te\\s+|lhe\\s+|\\w+\\s+)?(?:liguei|reclamei|expliquei|entrei em contato|registrei (?:\\w+\\s+)?(?:reclamacao|chamado|protocolo|queixa)|abri (?:\\w+\\s+){0,2}(?:chamados?|protocolos?|reclamac\\w+|tickets?|solicitac\\w+|ordem)|fiz (?:\\w+\\s+){0,2}(?:reclamac\\w+|chamados?|contatos?|solicitac\\w+|protocolos?)|falei com (?:\\w+\\s+){0,2}(?:atendentes?|pessoas|voces|o suporte|a central|o sac|gerente)|mandei (?:\\w+\\s+){0,2}(?:e-?mails?|mensage\\w+)|tentei (?:\\w+\\s+){0,2}(?:vezes|contato|resolver|falar))\\b|\\bja (?:foi|foram|tinha sido|tinham sido|havia sido) (?:\\w+ )?(?:reportad|informad|relatad|reclamad|registrad|comunicad|avisad|notificad)\\w*|\\b(?:reportei|informei|relatei|avisei|comuniquei|notifiquei|reclamei)\\b(?:\\s+\\w+){0,4}\\s+(?:antes|varias vezes|outras vezes|mais de uma vez|semana passada|mes passado)\\b|\\b(?:already|i have)\\s+(?:called|contacted|complained|emailed|written)\\b|\\bya\\s+(?:llame|reclame|escribi)\\b`,
);
/** "estou ligando", "venho tentando", with a mark of repetition nearby ("há dias", "sempre"). */
const KEEPS_CONTACTING = re(
  `\\b(?:estou|to|tou|venho|vivo|fico|continuo|sigo|passei (?:o dia|a semana|a manha|a tarde|o mes)(?: tod[oa])?|i(?:'ve| have) been|i keep|keep|llevo|sigo)\\s+(?:\\w+\\s+)?(?:ligando|tentando|reclamando|mandando|escrevendo|pedindo|cobrando|insistindo|correndo atras|entrando em contato|implorando|calling|trying|emailing|asking|contacting|chasing|llamando|escribiendo|reclamando)\\b`,
);
const REPETITION_MARK = re(
  `\\b(?:(?:ha|faz|a|hace|for|por) (?:\\d+|${NUMBER_WORD}|muito tempo|tempos|dias|semanas|meses|horas)|desde|todo dia|todos os dias|toda semana|toda hora|sempre|varias|varios|dias|semanas|meses|sem parar|direto|sem sucesso|sem resposta|sem retorno|sem solucao|e nada|e ninguem|e nunca|nunca|ninguem|de novo|novamente|every day|all (?:day|week))\\b`,
);
/** "toda vez que ligo", "sempre que entro em contato", "ligo todo dia". */
const EVERY_TIME = re(
  `\\b(?:toda vez|todas as vezes|cada vez|sempre) que (?:eu )?(?:\\w+ )?(?:ligo|liguei|entro em contato|reclamo|falo|abro (?:um |o |outro |mais um )?(?:chamado|protocolo|reclamacao|ticket)|tento|chamo|escrevo|peco|procuro|vou|cobro|mando|contato|aciono)\\b|\\b(?:ligo|ligamos|reclamo|reclamamos|escrevo|mando (?:e-?mail|mensagem)|entro em contato|faco contato|fazemos contato|tenho feito contato|cobro|cobramos|venho aqui|passo aqui|abro chamado)\\s+(?:\\w+\\s+){0,3}(?:todo dia|todos os dias|toda semana|toda hora|diariamente|semanalmente|direto|sem parar|o tempo todo|a semana toda|ha \\w+ (?:dias|semanas|meses))\\b|\\bevery time i (?:call|contact|write)\\b`,
);
/** "cansei de ligar", "chega de reclamar": tired of contacting means it has happened many times. */
const TIRED_OF_CONTACTING = re(
  `\\b(?:cansad[oa]s?|cansei|farto|farta|cheio|cheia|chega|exausto|exausta|tired|sick)\\s+(?:\\w+\\s+)?(?:de|of)\\s+(?:ficar\\s+)?(?:ligar|ligando|reclamar|reclamando|pedir|pedindo|mandar|mandando|escrever|escrevendo|tentar|tentando|cobrar|cobrando|explicar|explicando|abrir chamados?|entrar em contato|correr atras|insistir|calling|asking|chasing|complaining)\\b`,
);
/** "nunca retornam", "perdi a conta de quantas vezes liguei", "toda semana preciso ligar". */
const NEVER_DO = re(
  `\\bnunca (?:me |nos )?(?:retornam|retornaram|respondem|responderam|ligam de volta|resolvem|resolveram|cumprem|cumpriram|aparecem|apareceram|atendem|entregam|dao retorno|dao (?:uma )?resposta|dao (?:uma )?solucao)\\b|\\b(?:perdi a conta|nem sei (?:mais )?|nem lembro|sei la) (?:de )?quant[oa]s (?:vezes|mensagens|msgs|ligacoes|chamados|protocolos|e-?mails|reclamacoes|tentativas)\\b|\\b(?:todo|toda|todos os|todas as) (?:mes|meses|semana|semanas|dia|dias|fatura|faturas|vez)\\b[^.!?]{0,30}\\b(?:a mesma|o mesmo) (?:novela|historia|coisa|problema|erro|ladainha|desculpa|situacao|palhacada)\\b|\\b(?:a mesma|o mesmo) (?:novela|historia|problema|erro|ladainha|palhacada)\\b[^.!?]{0,20}\\b(?:todo|toda|todos os|todas as) (?:mes|meses|semana|semanas|dia|dias|fatura|faturas|vez)\\b|\\bcada (?:dia|vez|hora|semana) (?:um|uma) (?:atendente|pessoa|tecnico|desculpa|resposta|protocolo|historia) (?:diferente|nov[oa])\\b|\\bcada (?:um|uma|atendente|pessoa|tecnico) (?:me )?(?:diz|disse|fala|falou|da|deu|conta|contou|passa|passou|manda|mandou) (?:uma coisa|algo|uma historia|uma resposta|um prazo|um protocolo|uma informacao|uma versao)(?: \\w+)? diferente\\b|\\bquantas vezes (?:mais )?(?:eu )?(?:vou|preciso|tenho que|terei que|vou ter que|devo) (?:ligar|reclamar|explicar|pedir|falar|mandar|repetir|vir|abrir|entrar em contato)\\b|\\bsempre (?:dizem|prometem|falam|inventam|me dizem|me falam|me prometem)\\b(?=.{0,60}\\b(?:nunca|e nada|mas nao|e nao|ninguem)\\b)`,
);
const FREQUENCY = re(
  `\\b(?:todo dia|todos os dias|toda semana|todas as semanas|todo mes|todos os meses|toda hora|diariamente|semanalmente|o tempo todo|(?<!\\b(?:vir|vem|venha|ir|vai|va|vou|entregar|entrega|mandar|manda|pagar|paga|passar|passa|chegar|levar|leva|falar|fala|liga) )direto|sem parar)\\b`,
);
const CONTACT_ANY = re(
  `\\b(?:lig(?:o|ar|amos|ando)|reclam(?:o|ar|amos|ando)|escrev(?:o|er|endo)|entr(?:o|ar|ando) em contato|(?:faco|fazer) contato|cobr(?:o|ar|ando) (?:voces|a empresa|uma solucao|retorno|resposta)|abr(?:o|ir) (?:um )?(?:novo )?chamado|vir aqui|vir na loja|mand(?:o|ar) (?:e-?mail|mensagem))\\b`,
);
/** Redoing something by choice is not a failure: "vou tentar de novo", "compraria de novo". */
const VOLUNTARY_REDO =
  /\b(?:tent\w*|pag\w*|compr\w*|ped\w*|mand\w*|envi\w*|reenvi\w*|faz\w*|fac\w*|fiz|fez|fizemos|refiz|refez|confirm\w*|test\w*|instal\w*|obrigad[oa]|agradec\w*|volt\w*|ler|leia|li|abrir|abri|logar|entrar|digit\w*|cadastr\w*|try|buy|thanks)\s+(?:\w+\s+){0,2}$/;
/** "manda o link de rastreio de novo": asking for something again is a request, not a failure. */
const ASKED_AGAIN =
  /\b(?:manda|mande|mandem|me manda|envia|envie|enviem|reenvia|reenvie|passa|passe|repete|repita)\s+(?:\w+\s+){0,5}$/;
const AGAIN_RE = re(`\\b(?:de novo|novamente|outra vez|mais uma vez|again|otra vez|de nuevo)\\b`);
const PROBLEM_WORD = re(
  `\\b(?:nao|sem|nada|nenhum\\w*|ninguem|erro|errad\\w*|problema\\w*|defeito|falh\\w*|atras\\w*|cai\\w*|parou|quebr\\w*|cobr\\w*|cancel\\w*|remarc\\w*|desmarc\\w*|sumi\\w*|trav\\w*|faltando|falta|faltou|incomplet\\w*|danificad\\w*|estragad\\w*|vencid\\w*|violad\\w*|vazando|vazou|queima\\w*|pior|absurdo|descaso|sozinh[oa]s?|perdem|perderam|bloquead[oa]s?|vazamento|mesm[oa] (?:problema|erro|defeito|coisa|desculpa|resposta|barulho))\\b`,
);
/**
 * "não aconteceu de novo", "não precisa confirmar de novo", "se piscar de novo eu aviso": a repeat
 * denied or only supposed, in the words right before it (the same clause).
 */
const NOT_AGAIN = re(
  [
    // A problem's own verb denied (a service's verb denied is the failure: "não liga de novo").
    `\\b(?:nao|nem|nunca)\\s+(?:\\w+\\s+)?(?:aconte\\w+|ocorr\\w+|repet\\w+|precis\\w+|trav\\w+|pisc\\w+|quebr\\w+|falh\\w+)\\s+(?:\\w+\\s+)?$`,
    // A supposition: "se", "caso" with the future subjunctive ("se piscar", "se o sinal cair").
    `\\b(?:se|caso)\\s+(?:\\w+\\s+){0,2}\\w+(?:ar|er|ir|or|rem)\\s+$`,
  ].join('|'),
);
function failedAgainLoosely(folded: string): string | undefined {
  return firstMatch(folded, AGAIN_RE, (m) => {
    const before = folded.slice(Math.max(0, m.index - 40), m.index);
    if (VOLUNTARY_REDO.test(before) || NOT_AGAIN.test(before)) return false;
    if (ASKED_AGAIN.test(folded.slice(Math.max(0, m.index - 50), m.index))) return false;
    return PROBLEM_WORD.test(around(folded, m, 50, 40));
  })?.[0];
}

/** "reclamei ontem, reclamei hoje": the same contact told twice. */
const CONTACT_ACT =
  /\b(?:liguei|reclamei|escrevi|mandei (?:e-?mail|mensagem)|entrei em contato|abri (?:um |outro |mais um )?(?:chamado|protocolo)|cobrei|solicitei|fui (?:na|a|ate a) loja|falei com|conversei com)\b/g;
const DAY_WORD =
  /\b(?:segunda|terca|quarta|quinta|sexta|sabado|domingo|ontem|hoje|anteontem|semana passada|de manha|a tarde|a noite)\b/g;
/** Days of contacts already made (not "hoje", nor a part of the day), and a plan ahead. */
const PAST_DAY = /\b(?:segunda|terca|quarta|quinta|sexta|sabado|domingo|ontem|anteontem|semana passada)\b/g;
const FUTURE_MARK = /\b(?:vai|vao|vem|vou|ira|irao|amanha|depois|ficou de|ficaram de)\b/;
function contactedTwice(folded: string): string | undefined {
  const acts = [...folded.matchAll(CONTACT_ACT)];
  for (const m of acts) {
    const next = folded.slice(m.index + m[0].length, m.index + m[0].length + 45);
    if ((next.match(DAY_WORD) ?? []).length >= 2 && !FUTURE_MARK.test(next))
      return m[0] + next.slice(0, next.search(/[.!?]|$/));
  }
  // "terça falei com a Juliana, quinta com o Marcos, hoje com você": the days told around it.
  for (const m of acts) {
    const near = around(folded, m, 45, 45);
    const days = new Set(near.match(PAST_DAY) ?? []);
    if (days.size >= 2 && !FUTURE_MARK.test(near) && !negatedAt(folded, m.index)) return near.trim();
  }
  const seen = new Set<string>();
  for (const m of acts) {
    if (negatedAt(folded, m.index)) continue;
    if (seen.has(m[0])) return m[0];
    seen.add(m[0]);
  }
  return undefined;
}
/** A failure, then "de novo": "o técnico não veio de novo", "cobraram outra vez". */
const FAILURE = any(
  'nao (?:\\w+ )?(?:veio|vieram|apareceu|apareceram|compareceu|compareceram|chegou|funcionou|resolveu|resolveram|ligaram|retornaram|entregaram|instalaram|cumpriram|consertaram)',
  'caiu|parou|quebrou|travou|falhou|queimou|desligou|sumiu|atrasou|atrasaram|esqueceram|esqueceu',
  'pifou|pifaram|estragou|estragaram|vazou|errou|erraram|perderam|pulou|pularam|marcou ausente|marcaram ausente',
  'cancelaram|cobraram|bloquearam|cortaram|desmarcaram|remarcaram',
  'veio (?:errad[oa]|quebrad[oa]|com defeito|faltando|trocad[oa]|diferente|vazi[oa]|zerad[oa]|tort[oa]|rasgad[oa]|violad[oa])',
  'vieram (?:errad[oa]s|quebrad[oa]s|com defeito|faltando|trocad[oa]s)',
  'deu (?:erro|problema|defeito|pau)|deram (?:bolo|o cano)',
  'furaram|faltou|faltaram',
  '(?:foi|foram|ficou|ficaram|veio|vieram) (?:\\w+ )?(?:desmarcad|cancelad|remarcad|adiad|recusad|negad|bloquead|cortad|suspens|interrompid|devolvid|extraviad)\\w*',
  "didn'?t (?:show up|come|arrive|work)|failed|broke|charged me",
);
const AGAIN = '(?:de novo|novamente|outra vez|mais uma vez|again|otra vez|de nuevo)';
const FAILED_AGAIN = re(
  `\\b${FAILURE}\\b(?:\\s+[\\w,]+){0,5}?\\s+${AGAIN}\\b|\\b${AGAIN},?\\s+(?:\\w+\\s+){0,4}?${FAILURE}\\b`,
);
/** "toda semana a fatura vem errada": a failure on a schedule (not "trava toda hora", a fault). */
const PERIODIC = re(
  `\\b(?:toda semana|todas as semanas|todo mes|todos os meses|toda fatura|todas as faturas|toda entrega|todas as entregas|todo pedido|todos os pedidos|mes sim,? mes nao|every (?:week|month))\\b`,
);
const CAME_BACK = re(`\\b(?:voltou|voltaram|retornou|retornaram|reapareceu|reapareceram|de volta)\\b`);
const FAULT_NOUN = re(`\\b(?:problema|defeito|erro|falha|vazamento|barulho|cobranca|bug|queda|quedas)\\b`);
/** The problem came back or stays after a fix, or cases were closed unsolved. */
const RECURRING = re(
  `\\b(?:chegou|veio|vieram|chegaram|voltou|voltaram) (?:\\w+ ){0,2}com (?:o|a|os|as) mesm[oa]s? (?:erros?|defeitos?|problemas?|falhas?)\\b(?! (?:corrigid|resolvid|consertad|arrumad)\\w*)(?![^.!?]{0,30}\\?)|\\bvolt(?:ou|aram) (?:de novo )?(?:o mesmo|os mesmos|aquele mesmo|aqueles mesmos) (?:erros?|problemas?|defeitos?|falhas?|barulhos?|vazamentos?)\\b(?![^.!?]{0,30}\\?)|\\bvolt(?:ou|aram|a) a (?:dar|apresentar|acontecer|quebrar|cair|parar|travar|falhar|cobrar|aparecer|vazar|desligar|dar o mesmo|pingar|fazer (?:o mesmo )?barulho)\\b|\\b(?:fecha(?:ram|do|dos|da|das)|encerra(?:ram|do|dos|da|das)|finaliza(?:ram|do|dos|da|das)|conclui(?:ram|do|dos))\\s+(?:\\w+\\s+){0,4}sem (?:me |nos )?(?:dar |ter |receber |apresentar |oferecer )?(?:nenhuma |qualquer |uma )?(?:solucao|resolver|resposta|retorno|explicacao|me (?:avisar|consultar|responder)|ninguem resolver)\\b|\\bsem solucao (?:ate hoje|ate agora|de novo|novamente)\\b|\\b(?:(?:fecha|encerra|finaliza|conclui|marca)(?:ram|do|da|dos|das)|deram baixa n[oa]) (?:\\w+ ){0,3}como (?:resolvid|solucionad|concluid|finalizad)\\w*\\b(?=.{0,80}\\b(?:mas|e|porem)\\b.{0,80}\\b(?:continu\\w+|nada|nao|segue|seguem|sem|igual\\w*|persiste|ainda)\\b)|\\b(?:still|keeps?) (?:happening|failing|breaking)\\b|\\bkeeps? ignoring\\b`,
);

/** Issue 32's fifth pass, in an unhappy message only: the fix did not hold, a case reopened, closed again. */
const FIX_DID_NOT_HOLD = re(
  `\\bvolt(?:ou|aram) d[ao] (?:assistencia|conserto|oficina|reparo|manutencao|tecnico)\\b(?:\\s+\\w+){0,4}?\\s+(?:com (?:o|a) mesm[oa]|do mesmo jeito|igual(?:zinho)? (?:a |de )?antes)\\b|\\b(?:arrumaram|consertaram|trocaram|repararam|arrumou|consertou|trocou|reparou)\\b[^.!?]{0,80}\\b(?:igual(?:zinho)? (?:a |de )?antes|do mesmo jeito que antes|(?:a|o) nov[oa] (?:\\w+ )?(?:veio|esta|ta|tambem) (?:\\w+ ){0,2}(?:tambem|igual))\\b|\\b(?:protocolo|chamado|reclamacao|caso|solicitacao) reabert[oa]\\b|\\b(?:abro|abri|ligo|liguei|escrevo|escrevi|reclamo|reclamei|explico|expliquei)\\b(?:\\s+\\w+){0,3}?,?\\s+(?:voces|vcs|eles|a empresa) (?:fecham|fecharam|encerram|encerraram|ignoram|somem)\\b|\\b(?:o |a )?mesm[oa] (?:problema|defeito|erro|falha)\\b(?:\\s+\\w+){0,4}\\s+(?:de novo|novamente|outra vez|voltou|continua|persiste|se repete|ja)\\b|\\b(?:problema|defeito|erro|falha) (?:voltou|retornou|se repete|se repetiu|persiste)\\b`,
);

/** Telling it all again, lost count of the contacts, told them before and nothing since. */
const TOLD_AGAIN = re(
  [
    // "volto a explicar, como fiz na semana passada" (again), not "volto a reclamar se…" (later).
    `\\bvolto a (?:explicar|reclamar|repetir|cobrar|pedir|perguntar)\\b(?=.{0,40}\\b(?:como (?:ja )?(?:fiz|falei|disse|expliquei|pedi)|pela \\w+ vez|mais uma vez|de novo|novamente|semana passada|mes passado)\\b)`,
    `\\bperdi as contas\\b(?=.{0,40}\\b(?:vezes|protocolos|chamados|ligacoes|mensagens|e-?mails|reclamacoes|tentativas)\\b)`,
    `\\b(?:contar|explicar|repetir|relatar|contando|explicando|repetindo)\\s+(?:\\w+\\s+){0,4}(?:outra vez|de novo|novamente|mais uma vez|pela \\w+ vez)\\b`,
    `\\bja (?:falei|disse|contei|expliquei|reclamei|avisei|informei)\\s+(?:\\w+\\s+){0,4}(?:semana passada|mes passado|ontem|anteontem|outro dia|(?:na|da) outra vez|antes)\\b(?=.{0,60}\\b(?:ninguem|nada|tambem|de novo|outra vez|continua)\\b)`,
  ].join('|'),
);

/** Told to one attendant after another, sent around: a repeat when nothing is solved or the customer is unhappy. */
const TOLD_AROUND = re(
  [
    `\\b(?:repetir|repetindo|repito|repeti|explicar|explicando|explico|expliquei|contar|contando|conto|contei)\\s+(?:\\w+\\s+){0,3}(?:pra|para|a) cada (?:atendente|pessoa|um|uma)(?! (?:da|de|do|das|dos) (?:familia|equipe|minha|meu|filiais|loja))\\b`,
    `\\ba cada (?:atendente|pessoa) (?:nov[oa] )?(?:tenho|preciso|tem) (?:que|de) (?:explicar|repetir|contar|mandar)\\b`,
    `\\b(?:(?:me|nos) (?:mandaram|passaram|transferiram|jogaram|empurraram)|(?:fui|fomos) (?:transferid|passad|jogad|mandad|empurrad)[oa]s?|ja passei)\\s+(?:\\w+\\s+)?(?:pra|para|por) (?:uns |umas )?(?:${MANY}|vari[oa]s) (?:setores|departamentos|atendentes|areas|pessoas|lugares|filas)\\b|\\b(?:fui|fomos) (?:transferid|passad|jogad)[oa]s? (?:umas |uns )?${MANY} vezes\\b`,
    `\\b(?:falei|conversei) com (?:o |a )?\\w+,? (?:com )?(?:o |a )?\\w+,? (?:(?:com )?(?:o |a )?\\w+,? )?e (?:agora )?com (?:o |a )?(?:voce|vc|\\w+)\\b`,
  ].join('|'),
);

/** "abri chamado pelo app, pelo site e pelo 0800": one problem taken to several channels. */
const CHANNEL =
  '(?:pelo|pela|no|na) (?:app|aplicativo|site|0800|chat|whatsapp|whats|zap|telefone|e-?mail|loja|instagram|insta|sac|bot|robo|atendente|central|agencia|portal|ura)';
const CHANNELS = re(
  `\\b(?:abri|liguei|reclamei|mandei|tentei|escrevi|falei|registrei|ja tentei)\\b(?:\\s+\\w+){0,4}?\\s+${CHANNEL}\\b,?\\s+(?:${CHANNEL},?\\s+)*(?:e\\s+)?${CHANNEL}\\b`,
);

/** "pela quarta vez: …" opening the message, or set off by a colon: the count is the point. */
const BY_ORDINAL = re(
  `^\\W*(?:e )?pela (?:segunda|terceira|quarta|quinta|sexta|enesima|milesima|\\d+ ?[aoªº°]) vez\\b(?:\\s*[:!])?|\\bpela (?:segunda|terceira|quarta|quinta|sexta|enesima|milesima|\\d+ ?[aoªº°]) vez\\s*[:!]`,
);
/** A failure counted: "perderam minha guia duas vezes", "3x esse mês o modem reiniciou sozinho". */
const FAILED_TIMES = re(
  `\\b(?:cancelaram|perderam|erraram|esqueceram|remarcaram|desmarcaram|furaram|atrasaram|extraviaram|sumiram com|nao (?:\\w+ )?(?:vieram|apareceram|entregaram|instalaram)) (?:o |a |os |as )?(?:meu|minha|meus|minhas|nosso|nossa)\\b(?:\\s+(?!em\\b)[\\w,]+){0,3}?\\s+${MANY} vezes\\b|\\b${MANY} vezes (?:so )?(?:esse|este|nesse|neste|essa|esta|nessa|nesta) (?:mes|semana|ano)\\b(?=.{0,60}\\b(?:${FAILURE}|sozinh[oa])\\b)`,
);
/** One problem taken everywhere: "mandei email, liguei, fui na loja… ninguém resolve". */
const CONTACT_STEP =
  /\b(?:mandei (?:e-?mail|mensagem|whats\w*|audio)|liguei|vim (?:aqui|no|na|pelo|pela)|fui (?:na|a|ate a|no|ao) (?:loja|agencia|unidade|recepcao|portaria|balcao)|falei com|abri (?:um |outro |mais um )?(?:protocolo|chamado|reclamacao)|abri (?:outro|mais um)|deixei recado|escrevi|reclamei|registrei (?:uma |a )?(?:reclamacao|queixa|protocolo|ocorrencia|chamado))\b/g;
const NOTHING_SOLVED =
  /\b(?:cade|ninguem|nada(?! (?:a declarar|demais|de errado|de mais))|nenhum\w* (?:retorno|resposta|solucao|posicao|previsao|contato|tecnico)|nao (?:\w+ )?(?:resolve\w*|responde\w*|adiantou)|sem (?:solucao|resposta|retorno)|continua|segue (?:sem|igual|parad\w*|quebrad\w*|queimad\w*|do mesmo jeito|com (?:o )?(?:mesmo )?problema)|sigo)\b/;
/** Asked or told again, unhappily or unanswered, and not of one's own people. */
function askedAgain(near: string, ctx: RuleContext): boolean {
  return (ctx.negative || NOTHING_SOLVED.test(near)) && ASKING_AGAIN.test(near) && !OWN_PEOPLE.test(near);
}
function contactedEverywhere(folded: string): string | undefined {
  const steps = [...folded.matchAll(CONTACT_STEP)];
  // Three steps, each within 60 characters of the one before, then nothing solved.
  for (let i = 0; i + 2 < steps.length; i++) {
    const a = steps[i] as RegExpExecArray;
    const b = steps[i + 1] as RegExpExecArray;
    const c = steps[i + 2] as RegExpExecArray;
    if (b.index - a.index > 60 || c.index - b.index > 60) continue;
    const kinds = new Set([a[0], b[0], c[0]].map((w) => w.split(' ')[0]));
    if (kinds.size < 2 && !/\b(?:outro|mais um)\b/.test(folded.slice(a.index, c.index + c[0].length)))
      continue;
    if (NOTHING_SOLVED.test(folded.slice(c.index, c.index + 120)))
      return folded.slice(a.index, c.index + c[0].length);
  }
  return undefined;
}

function repeatedContact(folded: string, ctx: RuleContext): string | undefined {
  // In praise, counts and habits are no grievance: "toda vez que ligo sou bem atendida", "mais uma
  // vez vocês não decepcionaram", "nem precisei explicar duas vezes". A problem back is still one.
  const loose = !ctx.positiveOnly;
  const told = loose ? firstMatch(folded, TOLD_AGAIN) : undefined;
  if (told) return told[0];
  const toldAround = loose
    ? firstMatch(folded, TOLD_AROUND, (m) => ctx.negative || NOTHING_SOLVED.test(around(folded, m, 0, 100)))
    : undefined;
  if (toldAround) return toldAround[0];
  // "É a terceira vez que ligo", "pela segunda vez o técnico não veio" (not "a segunda vez que compro").
  const ordinal = loose
    ? firstMatch(folded, ORDINAL_TIME, (m) => {
        const near = around(folded, m, 60, 80);
        return CONTACT_NEAR.test(near) || PROBLEM_WORD.test(near) || askedAgain(near, ctx);
      })
    : undefined;
  if (ordinal) return ordinal[0];
  const byOrdinal =
    loose && folded.includes('pela ')
      ? firstMatch(
          folded,
          BY_ORDINAL,
          // "pela quarta vez: …" is exasperation; at the start without a colon, a problem must follow.
          (m) => /[:!]\s*$/.test(m[0]) || PROBLEM_WORD.test(around(folded, m, 0, 80)),
        )
      : undefined;
  if (byOrdinal) return byOrdinal[0].trim();
  const failedTimes =
    ctx.negative && !folded.includes('?') && folded.includes('vezes')
      ? firstMatch(folded, FAILED_TIMES)
      : undefined;
  if (failedTimes) return failedTimes[0];
  const everywhere = loose ? contactedEverywhere(folded) : undefined;
  if (everywhere) return everywhere;
  const count =
    firstMatch(folded, CONTACT_COUNT) ??
    (loose
      ? firstMatch(folded, CHANNELS, (m) => STILL_WAITING.test(around(folded, m, 40, 120)) || ctx.negative)
      : undefined);
  if (count) return count[0];
  const times = loose
    ? firstMatch(folded, TIMES_COUNT, (m) => {
        const near = around(folded, m, 60, 40);
        return (
          (CONTACT_NEAR.test(near) || askedAgain(near, ctx)) &&
          !COUNT_DENIED.test(folded.slice(Math.max(0, m.index - 40), m.index))
        );
      })
    : undefined;
  if (times) return times[0];
  const already = firstMatch(folded, ALREADY_CONTACTED);
  if (already) return already[0];
  const keeps = firstMatch(folded, KEEPS_CONTACTING, (m) => REPETITION_MARK.test(around(folded, m, 30, 60)));
  if (keeps) return keeps[0];
  const every = loose
    ? (firstMatch(folded, EVERY_TIME) ?? firstMatch(folded, TIRED_OF_CONTACTING))
    : undefined;
  if (every) return every[0];
  const twice = loose ? contactedTwice(folded) : undefined;
  if (twice) return twice;
  const again = firstMatch(folded, FAILED_AGAIN) ?? firstMatch(folded, NEVER_DO);
  if (again) return again[0];
  const frequent = loose
    ? firstMatch(folded, FREQUENCY, (m) => contactNear(around(folded, m, 40, 40)))
    : undefined;
  if (frequent) return frequent[0];
  const looselyAgain = loose ? failedAgainLoosely(folded) : undefined;
  if (looselyAgain) return looselyAgain;
  const periodic = loose
    ? firstMatch(folded, PERIODIC, (m) => PROBLEM_WORD.test(around(folded, m, 50, 60)))
    : undefined;
  if (periodic) return periodic[0];
  const back = firstMatch(folded, CAME_BACK, (m) =>
    FAULT_NOUN.test(folded.slice(Math.max(0, m.index - 70), m.index)),
  );
  if (back) return back[0];
  return (
    firstMatch(folded, RECURRING)?.[0] ??
    (ctx.negative || loose
      ? firstMatch(
          folded,
          FIX_DID_NOT_HOLD,
          (m) =>
            ctx.negative ||
            (/^volt/.test(m[0]) &&
              /\b(?:defeito|problema|erro|falha|barulho|vazamento|listra|mancha|risco|tela (?:preta|apagada|piscando|quebrada)|nao (?:liga|funciona|carrega))\b/.test(
                around(folded, m, 0, 40),
              )),
        )?.[0]
      : undefined)
  );
}

// ---------------------------------------------------------------------------------------------
// long_wait: "faz dez dias que aguardo", "há duas semanas sem internet", "esperando há um mês".

const DURATION = re(
  `\\b(?:(\\d+(?:[.,]\\d+)?|${NUMBER_WORD}|mais de(?: (?:\\d+|${NUMBER_WORD}))?|quase(?: (?:\\d+|${NUMBER_WORD}))?)\\s+)?(minutos?|min|horas?|hs?|dias? uteis|dia util|dias?|semanas?|mes|meses|anos?|minutes?|hours?|days?|weeks?|months?|years?)\\b`,
);
const MONTHS = 'janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro';
/** "desde a semana passada", "desde segunda", "desde o dia 3": a start some days back. */
const SINCE = re(
  `\\bdesde (?:anteontem|antes de ontem)\\b|\\bdesde (?:antes d(?:e |(?=[oa] )))?(?:a |o )?(?:(semana|mes|ano) passad[oa]|(?:segunda|terca|quarta|quinta|sexta|sabado|domingo)(?:-?feira)? (?:retrasad[oa]|passad[oa])|(?:segunda|terca|quarta|quinta|sexta)(?:-?feira)?|sabado|domingo|(?:a )?semana retrasada|o mes retrasado|o dia \\d+|dia \\d+|\\d{1,2} de (?:${MONTHS})|(?:a |o )?outr[oa] (?:segunda|terca|quarta|quinta|sexta|sabado|domingo|semana)|o inicio do mes|o comeco do mes|(o ano passado|o natal|o carnaval|a pascoa|o ano novo|o feriado|a black friday|o dia das maes|o dia dos pais|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)|\\d{1,2}\\/\\d{1,2}|last (?:week|month))\\b|\\bsince (?:last (?:week|month)|monday|tuesday|wednesday|thursday|friday)\\b`,
);
/** What makes a duration a wait: waiting, being without the service, still nothing. */
const WAITING_CUE = re(
  `\\b(?:mud[oa]|fora do ar|sem tom|(?:nessa|nesta|na) fila|esper\\w*|aguard\\w*|demor\\w*|enrol\\w*|novela|sem (?:resposta|retorno|solucao|previsao|posicao|internet|sinal|luz|energia|agua|gas|servico|acesso|telefone|linha|conexao|tv|atendimento|nada|o meu|a minha|meu|minha|receber|funcionar|conseguir|poder|uso)|e nada|ate agora nada|ate hoje nada|nada ainda|nada de|ainda nao|ainda sem|ainda estou|ainda aguardo|ainda espero|continuo|continua (?:sem|com|o mesmo|a mesma|nao|dando|parad\\w*|travad\\w*|quebrad\\w*|pendente|em aberto)|sigo|em aberto|pendente|parad[oa]s?|travad[oa]s?|empacad[oa]s?|emperrad[oa]s?|encalhad[oa]s?|tentando|tento|tentei|tentamos|insisto|ligando|cobrando|atrasad[oa]s?|na fila|nenhum[a]? (?:resposta|retorno|solucao|posicao|previsao|contato)|nao (?:\\w+ )?(?:chegou|chega|veio|resolveram|resolvem|resolve|responde|respondem|responderam|retornaram|retornam|funciona|apareceu|aparece|caiu|cai|recebi|recebemos|saiu|liberou|liberaram|devolveram|devolveu|voltou|estornaram|entregaram|ligaram|deram|ficou pront[oa]|fica pront[oa])|ate (?:hoje|agora) (?:nao|sem|nenhum\\w*)|(?:ia|iam|ficou de|ficaram de) (?:me )?(?:retornar|ligar|responder|resolver|mandar|enviar|entregar|devolver|estornar|voltar|vir|aparecer|passar|instalar|trocar|consertar)|quando (?:\\w+ )?(?:libera|liberam|vao liberar|fica pront[oa]|vai ficar pront[oa]|devolvem|vao devolver|cai|vai cair|resolvem|vao resolver|instalam|vao instalar)|(?:status|situacao|rastreio|pedido) (?:\\w+ )?(?:continua|segue|ainda|e o mesmo|igual)|nao sai do lugar|ainda (?:esta|ta) com voces|(?:\\d+|\\w+) (?:dias|semanas|meses) sem (?!juros|compromisso|custo|taxa|multa|fidelidade|carencia|acrescimo|problemas?|defeitos?|falhas?|erros?|reclama|queixa|nenhum|pressa|susto|stress|estresse|nada)\\w+|ninguem|prometeram|prometido|devia|deveria|deveriam|era para|era pra|estava previst\\w+|previst[oa] para|consta\\w*|aparece como|em transito|em separacao|em analise|em processamento|sendo (?:processad|analisad|avaliad)\\w*|ia (?:cair|chegar|vir|sair|ficar pront[oa]|ser)|iam (?:cair|chegar|vir|sair|ser)|sem atualizac\\w+|nao atualiza|pres[oa]|retid[oa]|parou|sem novidades?|alguma (?:novidade|noticia|posicao|previsao)|tudo igual|na mesma|do mesmo jeito|nem sinal|que (?:eu )?(?:pedi|solicitei|abri|reclamei|liguei|mandei|enviei|devolvi|cancelei|paguei|fiz o pedido|fiz a solicitacao|registrei)|(?:foi|foram) (?:pedid|solicitad|agendad|abert|marcad|registrad)[oa]s?|n[ao] (?:oficina|assistencia|manutencao|conserto)|em conserto|a espera|cade|waiting|waited|still|no (?:answer|response|reply)|nadie|llevo|esperando|sin respuesta)\\b`,
);
/** Habits and loyalty are not waits: "sou cliente há 10 anos", "uso o app há meses". */
const NOT_A_WAIT_BEFORE =
  /\b(?:cliente|clientes|assinante|usuari[oa]|uso|usando|utilizo|trabalho|moro|tenho|conheco|customer|member)\s+(?:\w+\s+){0,3}(?:ha|faz|desde|por|for|a)\s+$/;

const DURATION_GLOBAL = new RegExp(DURATION.source, 'g');

function minutesOf(m: RegExpExecArray): number | undefined {
  const unit = m[2] ?? '';
  const perUnit = UNIT_MINUTES.find(([unitRe]) => unitRe.test(unit))?.[1];
  if (perUnit === undefined) return undefined;
  const quantity = m[1];
  const plural = /s$/.test(unit) && unit !== 'mes' && !/^(?:min|hs?)$/.test(unit);
  if (!quantity) return plural ? 2 * perUnit : undefined; // "há dias" counts; "dia" alone is a date
  const word = quantity.replace(/^(?:mais de|quase) /, '');
  const value = /^\d/.test(word) ? Number.parseFloat(word.replace(',', '.')) : (NUMBERS[word] ?? 1);
  return value * perUnit;
}

/** "por dia", "ao mês", "em 3 dias úteis" (a promise or a rate, not time already spent). */
const NOT_ELAPSED_BEFORE =
  /\b(?:ao|a cada|cada|todo|toda|per|em|within|in|de|do|da|dos|das|por mais|ate|until|en)\s+$/;
const ELAPSED_BEFORE =
  /\b(?:ha|faz|fazem|desde|durante|por|ja sao|ja faz|ja fazem|vai fazer|vao fazer|quase|mais de|cerca de|uns|umas|for|over|llevo|hace|a|ja|tem|ja tem|completou|completa|completam|completaram|esperei|espero|esperamos|aguardei|aguardo|aguardamos|esperando|aguardando|fiquei|fico|ficamos|passei|passamos|levou|levaram|levando|leva|demorou|demoraram|demora|demorando|durando|estou|estamos|ta|esta|waited|been)\s+(?:mais de\s+|quase\s+|uns\s+|umas\s+|cerca de\s+|ha\s+|por\s+|ja\s+)?$/;

/** A delay named just before a duration ("que demora, 10 dias pra…", "rapidez hein, 8 dias pra…"). */
const DELAY_BEFORE = /\b(?:demor\w*|lentid\w*|lerd\w*|rapidez|agilidade|eficiencia)\b/;

/** Without a service, or nothing happening: a wait of a few days already hurts. */
const HARD_WAIT = re(
  `\\b(?:sem (?:internet|luz|energia|agua|gas|sinal|telefone|linha|servico|tv|conexao|acesso|atendimento|resposta|retorno|solucao|previsao|conseguir)|ninguem|nada|nenhum[a]?|ate agora|ate hoje|absurdo|descaso|no (?:answer|response)|nadie)\\b`,
);
const WEEK = 7 * DAY;
/** "faz 2 dias que pedi, sem pressa": said calmly, a short wait is no grievance. */
const CALM_WAIT = re(`\\b(?:sem pressa|sem estresse|sem stress|de boa(?! fe)|sem problema(?!s? com))\\b`);
const OVERDUE = re(
  `\\b(?:era|eram|seria|seriam) (?:pra|para) (?:cair|chegar|ficar pront[oa]|ser entregue|ser instalad[oa]|vir|sair|resolver|devolver|estornar|ficar)\\b(?=.{0,60}\\bja (?:sao|se passaram|faz|fazem|foram|passou|passaram|vai fazer)\\b)|\\b(?:ja )?se passaram\\b|\\bpass(?:ou|aram) (?:muito |bem )?do prazo\\b|\\bprazo (?:ja )?(?:venceu|estourou|expirou|passou|acabou)\\b|\\b(?:ja )?(?:estourou|venceu|passou) o prazo\\b|\\bfora do prazo\\b`,
);

/** "pedi o conserto em janeiro e estamos em março", "comprei no começo do mês e até agora nada". */
const LONG_SINCE = re(
  `\\bem (?:${MONTHS})\\b(?=.{0,60}\\b(?:ate hoje|ate agora|e nada|nada ainda|ainda nao|nao (?:chegou|entregaram|veio|vieram|instalaram|resolveram|devolveram|estornaram))\\b)|\\b(?:em|no dia \\d+ de|dia \\d+ de) (?:${MONTHS})\\b(?=.{0,80}\\b(?:estamos em|ja (?:e|estamos em)|agora (?:e|em)) (?:${MONTHS})\\b)|\\b(?:no|desde o) (?:comeco|inicio) do mes(?: passado)?\\b(?=.{0,80}\\b(?:ate agora|ate hoje|nada|nem sinal|nenhum\\w*|ninguem|sem)\\b)|\\b(?:no|desde o|antes do|desde antes do) (?:comeco|comecinho|inicio) do (?:semestre|ano)\\b(?=.{0,80}\\b(?:ate (?:agora|hoje) (?:nada|nao|sem|esperando|aguardando|nem|ninguem|nenhum\\w*)|e nada|nada ainda|ainda nao|ainda sem|nem sinal|(?:to|estou|seguimos|sigo|continuo) (?:esperando|aguardando))\\b)|\\b(?:no|na|desde o|desde a|antes d[oa]|desde antes d[oa]) (?:feriado(?: de \\w+)?|carnaval|natal|pascoa|ano novo|reveillon|black friday)\\b(?=.{0,80}\\b(?:ate (?:agora|hoje) (?:nada|nao|sem|esperando|aguardando|nem|ninguem|nenhum\\w*)|e nada|nada ainda|ainda nao|ainda sem|nem sinal|(?:to|estou|seguimos|sigo|continuo) (?:esperando|aguardando))\\b)|\\b(?:ja )?(?:se )?passaram (?:duas|tres|quatro|cinco|[2-9]) (?:faturas|contas|mensalidades|boletos)\\b(?=.{0,40}\\b(?:e nada|nada|ainda nao|e nao|continu\\w+)\\b)`,
);
/** A start weeks back ("no comecinho de fevereiro", "dia 15 do mês passado", "a semana passada inteira"): a wait with a waiting word near. */
const LONG_AGO = re(
  `\\b(?:no |em )?(?:comeco|comecinho|inicio|fim|final|meados) de (?:${MONTHS})\\b|\\b(?:dia \\d+|(?:no )?(?:comeco|inicio|fim|final)) do mes (?:passado|retrasado)\\b|\\b(?:semana|mes) (?:passad[oa]|retrasad[oa]) (?:inteir[oa]|tod[oa])\\b`,
);

const WEEKDAYS = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];
/** "devolvi dia 2 … hoje é dia 28 e nada": a day of the month long past, still waiting. */
const DATE_SPAN =
  /\bdia (\d{1,2})o?\b.{0,140}?\b(?:hoje,? (?:(?:ja )?(?:e|eh),? )?dia |hoje (?:ja )?(?:e|eh),? (?:dia )?|(?:hoje |ja )?(?:e|eh|estamos(?: no)?) (?:dia )?)(\d{1,2})\b(?!\s*(?:\/|h\b|horas|reais|%|da manha|da tarde|da noite))/;
/** "hoje é dia 18 e o remédio que devia chegar dia 10 não veio": today first, then the day long past. */
const DATE_SPAN_BACK =
  /\bhoje,? (?:(?:ja )?(?:e|eh),? )?(?:dia )?(\d{1,2})\b(?!\s*(?:\/|h\b|horas|reais|%))(.{0,100}?)\bdia (\d{1,2})\b/;
/** What ties a day of the month, told after today's, to something awaited since. */
const AWAITED_SINCE_DAY =
  /\b(?:devia|deveria|era (?:pra|para)|ia|iam|prometeram|prometido|pedi|comprei|paguei|mandei|enviei|devolvi|solicitei|abri|registrei|pedido)\b/;
/** "pedi o gás sexta, hoje é domingo", "sem água desde sexta e hoje já é terça": weekdays apart. */
const WEEKDAY_SPAN = re(
  `(?<!\\b(?:pra|para|ate|a|ate a|pro|proxima|proximo|na proxima|pela|a sua|sua|minha|uma)\\s)\\b(desde )?(?:(?:na|no) )?(${WEEKDAYS.join('|')})(?:-?feira)?\\b(?! (?:parcela|vez|via|opcao|etapa|fase|semana|quinzena|chamada|mensalidade|fatura|tentativa|pessoa|feira que vem|que vem)\\b)([^.!?]{0,80}?)\\b(?:ate hoje,? (?:(?:ja )?(?:e|eh|estamos na|estamos no) )?|hoje,? (?:ja )?(?:e|eh|estamos na|estamos no|e dia de) )(${WEEKDAYS.join('|')})\\b`,
);
/** "abri o chamado dia 2 e hoje é dia 20": the customer's own step on the first day starts the wait. */
const STARTED_ON_DAY =
  /\b(?:abri|pedi|comprei|paguei|liguei|mandei|enviei|devolvi|solicitei|registrei|reclamei|agendei|cancelei|contratei|fiz o pedido|fiz a solicitacao|fiz a reclamacao)\b/;
/** The words of the same sentence just before `index` (at most `span` characters) and a few after. */
function sentenceBefore(folded: string, index: number, span: number): string {
  const window = folded.slice(Math.max(0, index - span), index + 8);
  return window.slice(window.lastIndexOf('.', window.length - 9) + 1);
}
/** "ja é a terceira semana que…": weeks told by their ordinal. */
const ORDINAL_WEEKS = re(
  `\\b(?:completando|completou|indo pra|indo para|ja vai fazer) (?:um|1) mes\\b|(?:\\b(?:ja e|ja vai pra|vai pra|ja vai para|vai para|indo pra|indo para|entrando na|estamos na|ja estamos na|completando|completou|completa)|(?:^|[.,!?;:]\\s*)e) (?:(?:a )?(?:segunda|terceira|quarta|quinta|sexta|setima|oitava|\\d+a) semana|o (?:segundo|terceiro|quarto|quinto|sexto|\\d+o) mes)\\b`,
);
/** "ia chegar dia 5, hoje é dia 19": a promised day of the month long past. */
/** "o técnico ficou de vir na terça / hoje é sexta": a promised weekday some days past. */
const PROMISED_WEEKDAY = re(
  `\\b(?:ficou de|ficaram de|era (?:pra|para)|eram (?:pra|para)|deveria|deveriam|prometeram|prometeu|marcaram|marcou|agendaram|marcad[oa]s?|agendad[oa]s?)\\s+(?:\\w+\\s+){0,3}?(?:na|no|pra|para) (${WEEKDAYS.join('|')})(?:-?feira)?\\b.{0,60}?\\bhoje (?:ja )?e (${WEEKDAYS.join('|')})\\b`,
);
function daysBetween(from: string, to: string): number {
  return (WEEKDAYS.indexOf(to) - WEEKDAYS.indexOf(from) + 7) % 7;
}
/** "falaram 5 dias e já foram 12": a promised span long overrun. */
const PROMISED_SPAN =
  /\b(?:falaram|disseram|prometeram|prometeu|falou|disse|prazo de|prazo era de|seriam)\s+(?:\w+\s+){0,2}?(\d{1,2}) dias(?: uteis)?\b.{0,50}?\bja (?:foram|sao|se passaram|vai pra|vao|fazem|faz) (\d{1,2})\b(?! (?:semanas?|meses|horas|dias corridos))/;
const PROMISED_DAY =
  /\b(?:ia|iam|era (?:pra|para)|eram (?:pra|para)|deveria|deveriam|devia|previsto (?:pra|para)|previsao (?:pra|para|de)|prometeram (?:pra|para)?|prometido (?:pra|para))\s+(?:\w+\s+){0,3}?(?:dia|ate dia|no dia|ate o dia) (\d{1,2})\b.{0,60}?\bhoje (?:ja )?e (?:dia )?(\d{1,2})\b(?!\s*(?:\/|h\b|horas|reais|%))/;

/** "já virou o mês e nem sinal", "já tô no segundo mês do ano esperando": the calendar turned. */
const TIME_TURNED = re(
  `\\bja (?:virou|passou|mudou|acabou) o (?:mes|ano)\\b|\\b(?:ja )?(?:to|estou|estamos|tamo|tamos) no (?:segundo|terceiro|quarto|quinto) mes (?:do ano )?(?:esperando|aguardando|de espera|sem)\\b`,
);
/** "a instalação ficou pro dia 10. hoje é 28": a day the company fixed, long past. */
const FIXED_DAY =
  /\b(?:ficou|ficaram|marcaram|marcou|agendaram|agendou|marcad[oa]|agendad[oa]) (?:pro|pra|para o|para|no) dia (\d{1,2})\b.{0,60}?\bhoje (?:ja )?e (?:dia )?(\d{1,2})\b(?!\s*(?:\/|h\b|horas|reais|%))/;
/** Still waiting, said outright (not "continuo usando", a habit). */
const STILL_WAITING = re(
  `\\b(?:esper\\w*|aguard\\w*|ate agora|ate hoje|e nada|nada (?:ainda|dele|dela|de)|nem sinal|ainda nao|ainda sem|cade|em (?:processamento|analise)|sendo (?:processad|analisad|avaliad)\\w*|ia (?:cair|chegar|vir|sair)|iam (?:cair|chegar|vir|sair)|pres[oa]|retid[oa]|parad[oa]|alguma (?:novidade|noticia|posicao|previsao)|tem previsao|n[ao] (?:oficina|assistencia|grafica)|nao (?:\\w+ )?(?:caiu|chegou|veio|saiu|voltou|apareceu|entrou|liberou|liberaram|autorizou|autorizaram))\\b`,
);

const PROMISE_OVERRUN = re(
  `\\b(?:prometeram|prometid[oa]|disseram|falaram|prazo (?:era|eram)|era (?:pra|para)|tava (?:pra|para)|estava (?:pra|para)|ficaram de|ficou de)\\b[^.!?]{0,60}?\\b(?:(?:ja (?:passou|passaram|esta|ta|sao|foram|fazem|faz|vai (?:pra|para))|(?:ta|esta) (?:com|no|na|completando)|completando) (?:de )?(?:(?:mais de |quase )?(?:uma|um|duas|dois|tres|quatro|cinco|\\d+) (?:semanas?|mes|meses)|(?:a |o )?(?:segund[oa]|terceir[oa]|quart[oa]|quint[oa]) (?:semana|mes)|(?:o )?\\d{2,}[oº°] dia)|ja passou(?:,| e) (?:e )?(?:nada|ninguem|nao (?:chegou|veio|caiu|recebi|fizeram|resolveram|devolveram|estornaram))\\b)`,
);
/** "só 3 semanas 🙃", "parabéns pela eficiência, 3 semanas pra trocar uma lâmpada": a long delay in irony. */
const IRONY_NEAR =
  /🙃|👏|\b(?:serio|uau|parabens|rapid\w*|eficien\w*|agilidade|otimo (?:servico|atendimento))\b/u;

function longWait(folded: string, ctx: RuleContext): string | undefined {
  const monthsAgo = firstMatch(folded, LONG_SINCE);
  if (monthsAgo) return monthsAgo[0];
  const longAgo = firstMatch(
    folded,
    LONG_AGO,
    // A month by name may lie ahead ("no final de janeiro vou me mudar"); last month cannot.
    (m) =>
      HARD_WAIT.test(around(folded, m, 80, 80)) ||
      (ctx.negative && WAITING_CUE.test(around(folded, m, 80, 80))) ||
      (/passad|retrasad/.test(m[0]) && STILL_WAITING.test(around(folded, m, 80, 80))),
  );
  if (longAgo) return longAgo[0];
  const weeks = firstMatch(
    folded,
    ORDINAL_WEEKS,
    (m) => ctx.negative || WAITING_CUE.test(around(folded, m, 80, 80)),
  );
  if (weeks) return weeks[0];
  const turned = folded.includes('?')
    ? undefined
    : firstMatch(folded, TIME_TURNED, (m) => STILL_WAITING.test(around(folded, m, 120, 80)));
  if (turned) return turned[0];
  // Days of the month and weekdays are only read when "dia" or "hoje" is there at all.
  const dated = folded.includes('dia');
  const today = folded.includes('hoje');
  const promised = !dated
    ? null
    : (PROMISED_DAY.exec(folded) ?? (folded.includes('?') ? null : FIXED_DAY.exec(folded)));
  if (promised && Number(promised[2]) - Number(promised[1]) >= 2) return promised[0];
  // A weekday only says the day passed when the customer says they are still waiting ("hoje é
  // sexta e nada"); neither it nor a span counts in a question ("…, hoje é quarta, vem de manhã?").
  const asked = folded.includes('?');
  const weekday = today && !asked && WAITING_CUE.test(folded) ? PROMISED_WEEKDAY.exec(folded) : null;
  if (weekday && daysBetween(weekday[1] ?? '', weekday[2] ?? '') >= 2) return weekday[0];
  const overrun = asked ? null : PROMISED_SPAN.exec(folded);
  if (overrun && Number(overrun[2]) - Number(overrun[1]) >= 2) return overrun[0];
  const span = dated ? DATE_SPAN.exec(folded) : null;
  const started = span ? STARTED_ON_DAY.test(sentenceBefore(folded, span.index, 40)) : false;
  // "pedi no dia 25 e hoje é dia 9": the customer's own step on a later day of the month was last
  // month (not a target: "agendei pro dia 25", "vence dia 25"), said while still waiting.
  const wrapped =
    span !== null &&
    started &&
    !asked &&
    !/\b(?:pro|pra|para o|para|ate o|ate|vence|vencimento|valer n?o)\s+$/.test(
      folded.slice(Math.max(0, span.index - 20), span.index),
    ) &&
    (STILL_WAITING.test(folded) || HARD_WAIT.test(folded));
  const spanDays = span ? (Number(span[2]) - Number(span[1]) + (wrapped ? 31 : 0)) % 31 : 0;
  if (
    span &&
    spanDays >= 2 &&
    (WAITING_CUE.test(folded) || HARD_WAIT.test(folded) || started) &&
    (/\b(?:hoje|estamos)\b/.test(span[0]) || ctx.negative)
  )
    return span[0];
  const back = today && dated ? DATE_SPAN_BACK.exec(folded) : null;
  if (
    back &&
    Number(back[1]) - Number(back[3]) >= 2 &&
    AWAITED_SINCE_DAY.test(back[2] ?? '') &&
    !asked &&
    (STILL_WAITING.test(folded) || HARD_WAIT.test(folded))
  )
    return back[0];
  const days = today ? WEEKDAY_SPAN.exec(folded) : null;
  // The waiting is said outside the span itself ("até hoje" is the span's own words).
  const beside = days ? folded.slice(0, days.index) + folded.slice(days.index + days[0].length) : '';
  if (
    days &&
    daysBetween(days[2] ?? '', days[4] ?? '') >= 2 &&
    (days[1] !== undefined || STARTED_ON_DAY.test(sentenceBefore(folded, days.index, 40))) &&
    (STILL_WAITING.test(beside) ||
      (HARD_WAIT.test(beside) && !/\b(?:problema nenhum|nenhum problema)\b/.test(beside)) ||
      (ctx.negative &&
        !/\b(?:chegou|veio|recebi|entregaram|compensou|caiu|resolveram|funcionou|vou buscar|ainda nao testei)\b/.test(
          folded,
        ))) &&
    (!asked || HARD_WAIT.test(folded))
  )
    return days[0];
  const threshold = Math.min(LONG_WAIT_MINUTES, ctx.maxWaitMinutes ?? Number.POSITIVE_INFINITY);
  // Under a week, a calm question ("em trânsito há 3 dias, é normal?") is not a grievance yet.
  const felt = (m: RegExpExecArray, minutes: number) => {
    const near = around(folded, m, 80, 80);
    if (minutes < WEEK && CALM_WAIT.test(near) && !HARD_WAIT.test(near)) return false;
    if (minutes >= WEEK || HARD_WAIT.test(around(folded, m, 80, 80))) return true;
    const asking = folded.slice(m.index, m.index + m[0].length + 80).includes('?');
    return ctx.negative && !asking;
  };
  const since = firstMatch(folded, SINCE, (m) => {
    if (NOT_A_WAIT_BEFORE.test(`${folded.slice(Math.max(0, m.index - 40), m.index)}desde `)) return false;
    if (!WAITING_CUE.test(around(folded, m, 80, 80))) return false;
    // A day of the month ("desde o dia 3") is named when yesterday would not do: days back, like a
    // week, when the customer says they are still waiting and does not ask whether it is normal.
    const daysBack =
      /retrasad|passad/.test(m[0]) ||
      (/\bdia \d|\d\/|\d de |outr[oa] /.test(m[0]) &&
        (STILL_WAITING.test(around(folded, m, 80, 80)) ||
          /^\s*sem\b/.test(folded.slice(m.index + m[0].length))) &&
        !folded.slice(m.index, m.index + m[0].length + 80).includes('?'));
    return felt(m, m[1] || m[2] || daysBack ? WEEK : 2 * DAY);
  });
  if (since) return since[0];
  // "o prazo era 5 dias e já se passaram 20": past the promised date, by days.
  const overdue = firstMatch(folded, OVERDUE, (m) => {
    const days = new RegExp(DURATION.source, 'g'); // not DURATION_GLOBAL: longWait's loop uses it
    for (let d = days.exec(folded); d; d = days.exec(folded)) if ((minutesOf(d) ?? 0) >= 2 * DAY) return true;
    return /\d{2,}|vinte|trinta|quinze|dez\b/.test(folded.slice(m.index, m.index + m[0].length + 20));
  });
  if (overdue) return overdue[0];
  // Told, not asked, and not over ("…, mas já chegou, obrigado").
  const overrunPromise =
    folded.includes('?') ||
    /\b(?:chegou|chegaram|veio|vieram|caiu|recebi|resolveram|resolvido|funcionou|ficou pront\w+|entregaram|tudo certo|obrigad\w+)\b/.test(
      folded,
    )
      ? undefined
      : firstMatch(folded, PROMISE_OVERRUN);
  if (overrunPromise) return overrunPromise[0];
  const durations = DURATION_GLOBAL;
  durations.lastIndex = 0;
  for (let m = durations.exec(folded); m; m = durations.exec(folded)) {
    const minutes = minutesOf(m);
    if (minutes === undefined || minutes < threshold) continue;
    const before = folded.slice(Math.max(0, m.index - 40), m.index);
    if (NOT_A_WAIT_BEFORE.test(before)) continue;
    // An age ("tá com 92 anos e não sai de casa"), not a wait ("tô com quase 1 ano esperando").
    const afterAge = folded.slice(m.index + m[0].length, m.index + m[0].length + 20);
    if (
      /^anos?$/.test(m[2] ?? '') &&
      /\bcom\s+$/.test(before) &&
      !/^\s*(?:esperando|aguardando|de espera|sem|que)\b/.test(afterAge)
    )
      continue;
    // Elapsed time: "há 10 dias", "faz um mês", "dez dias esperando", "10 dias sem resposta".
    if (NOT_ELAPSED_BEFORE.test(before)) continue;
    const after = folded.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const elapsed =
      ELAPSED_BEFORE.test(before) ||
      /^\s*(?:inteir[oa]s?\s+|tod[oa]s?\s+|seguid[oa]s?\s+|corridos?\s+)?(?:ja\s+)?(?:que|e|sem|esperando|aguardando|de espera|na espera|(?:nessa|nesta|numa|na) fila|parad|tentando|ligando|cobrando|waiting|ya)\b/.test(
        after,
      ) ||
      // "15 dias já", and the delay's own length: "que demora… 10 dias pra trocar um chip".
      /^\s*ja\s*(?:$|[.,!?;]|\p{Extended_Pictographic})/u.test(after) ||
      (/^\s*(?:pra|para|pro)\s+\w+/.test(after) &&
        !/\bdemoram?\s+$/.test(before) && // "demora 3 dias pra aparecer": a rate
        DELAY_BEFORE.test(folded.slice(Math.max(0, m.index - 60), m.index)));
    // "quase um mês pra liberarem a consulta": weeks told as already spent on what is awaited.
    const spent =
      minutes >= WEEK &&
      /^(?:quase|mais de)\b/.test(m[0]) &&
      !/\b(?:leva|levam|levar|levaria|demora|demoram|costuma\w*|pode|podem|deve|devem|vai|vao)\s+$/.test(
        before,
      ) && // a rate
      /^\s*(?:pra|para|pro)\s+\w+/.test(after) &&
      !folded.includes('?');
    if (spent) return m[0];
    const ironic =
      minutes >= WEEK &&
      !folded.includes('?') &&
      (/^\s*(?:pra|para)\s+\w+/.test(after) || /\b(?:so|apenas)\s+$/.test(before)) &&
      !/\b(?:leva|levam|levava|levavam|demora|demoram|demorava|costuma\w*|dura|duram|cobre|prazo|garantia|validade|e|tem|daqui a|por)\s+(?:de\s+)?$/.test(
        before,
      ) &&
      !/\b(?:antes|antecedencia|adiantad\w*)\b/.test(around(folded, m, 30, 40)) &&
      IRONY_NEAR.test(around(folded, m, 60, 60));
    if (ironic) return m[0];
    if (!elapsed) continue;
    if (WAITING_CUE.test(around(folded, m, 80, 80)) && felt(m, minutes)) return m[0];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// churn_threat: "se não resolverem até amanhã, cancelo", "vou trocar de operadora".

/** Portability, unless to this company ("minha portabilidade pra vocês já concluiu?"). */
const PORTABILITY_OUT =
  'portabilidade(?! (?:\\w+ ){0,3}(?:pra|para) (?:voces|ca)\\b)(?![^.!]{0,60}\\b(?:passou|passar|passe|vir|veio|venha|trazer) (?:\\w+ )?(?:pra|para) (?:voces|ca)\\b)';
const LEAVE = any(
  'cancel(?:ar|o|amos)(?! (?:(?:o|a|os|as|meu|minha|meus|minhas|esse|essa|este|esta|um|uma|mais um|mais uma|outro|outra) )?(?:pedidos?|compras?|agendamentos?|visitas?|entregas?|boletos?|cartao|encomendas?|reservas?|transferencias?|pix|pagamentos?|produtos?|itens|item|trocas?|fretes?|parcelas?|cobrancas?|debitos?|ordem))',
  'encerr(?:ar|o) (?:\\w+ )?(?:conta|contrato|assinatura|plano|cadastro|relacionamento)',
  'rescindir|rescindo|distrato',
  'troc(?:ar|o) de (?:operadora|banco|empresa|provedor|plano de saude|fornecedor|loja|seguradora|companhia|servico|marca|internet|cartao)',
  'mud(?:ar|o) de (?:operadora|banco|empresa|provedor|plano de saude|fornecedor|loja|seguradora|companhia|servico|internet)',
  'migr(?:ar|o) para (?:a |o )?(?:concorren\\w+|outr[oa]|\\w+)',
  'levar (?:\\w+ ){0,3}(?:pra|para) (?:a |o )?(?:(?:\\w+ ){1,2}d[ao] )?(?:concorren\\w+|outr[oa] (?:empresa|operadora|loja|banco|marca|provedor|seguradora))',
  'ir (?:pra|para) (?:a |o )?(?:concorren\\w+|outr[oa] (?:empresa|operadora|loja|banco|marca|provedor|seguradora))',
  'procurar (?:outr[oa]|a concorrencia|um concorrente)',
  'compr(?:ar|o) (?:em |n)(?:outr[oa] (?:lugar|loja|site|empresa)|a concorren\\w+)',
  '(?:pra|para) outr[oa] (?:faculdade|escola|academia|clinica|plataforma|app|aplicativo|farmacia|mercado|corretora)',
  '(?:pra|para) (?:a |o )?(?:concorren\\w+|outr[oa] (?:empresa|operadora|loja|banco|marca|provedor|seguradora))',
  '(?:pra|para) (?:a |o )?(?:\\w+ ){1,2}d[ao] concorren\\w+',
  'levar (?:\\w+ ){0,2}(?:conta|contas|dinheiro|negocio|empresa|investimentos?|compras) (?:pra|para) (?:outr|a concorr|o concorr)\\w*',
  'embora',
  'sair d[aeo] (?:\\w+ )?(?:operadora|empresa|banco|plano|voces)',
  'deixar de ser cliente|largar (?:voces|essa|esta|a operadora)|abandonar (?:voces|o servico|a empresa)',
  PORTABILITY_OUT,
  'cancelamento',
  'troc(?:ar|o) (?:\\w+ ){0,2}por (?:outr[oa]|a concorr\\w+|um concorr\\w+)',
  '(?:vendo|olhando|procurando|pesquisando|avaliando|cotando) (?:outr[oa]s?|a concorrencia|concorrentes?|planos? d[ae] outr[oa])',
);
const CHURN = re(
  `\\b(?:vou|vamos|irei|iremos|to indo|estou indo|vou ter que|vou acabar|acho que vou|penso em|pensando em|estou pensando em|pensando seriamente em|avaliando|considerando|cogitando|decidi|decidimos|prefiro|preferimos|quero|queremos|exijo|vai ser|ja estou)\\s+(?:\\w+\\s+){0,2}${LEAVE}|\\bpagar a multa (?:e|pra|para) (?:sair|ir embora|cancelar|encerrar)\\b|\\b(?:cancelo|cancelamos|encerro|rescindo|migro|vou embora|sumo daqui|caio fora|saio daqui|to fora|estou fora)\\b|\\b(?:e |e vou )?ir (?:pra|para) (?:a )?(?:concorrencia|outr[oa] (?:empresa|operadora|loja|banco|marca|provedor|seguradora))\\b|\\bsaio d[ao] (?:operadora|empresa|banco|plano|provedor|voces)\\b|\\b(?:troco|mudo) de (?:operadora|banco|empresa|provedor|plano de saude|fornecedor|seguradora|companhia)\\b|\\b(?:pensar|pensando|repensar|repensando|avaliar|avaliando|reavaliar)\\s+(?:\\w+\\s+)?se\\s+(?:\\w+\\s+)?(?:continuo|fico|vou continuar|renovo|vale a pena continuar)\\b|\\bnao (?:sei se (?:vou )?|vou )(?:continuar|renovar|ficar) (?:com voces|cliente|o contrato|a assinatura|o plano)\\b|\\b(?:i(?:'ll| will| am going to|'m going to| want to)|we(?:'ll| will))\\s+(?:\\w+\\s+)?(?:cancel|switch|leave|close my account|take my business)\\b|\\bswitch(?:ing)? to (?:another|a different|your competitor)\\b|\\b(?:voy a|vamos a|quiero)\\s+(?:cancelar|dar de baja|cambiarme)\\b|\\bme cambio de\\b|\\b(?:pode|podem|favor|quero que|cancela|cancelem|cancele)\\s+(?:\\w+\\s+)?(?:cancelar\\s+|cancelem\\s+)?(?:minha|meu|o|a)\\s+(?:assinatura|plano|conta|contrato|servico|linha|internet|cadastro|pacote)\\b`,
);
/** "se não resolverem…", "caso continue…": an ultimatum ties the threat to the problem. */
const ULTIMATUM = re(
  `\\b(?:se|caso|senao)\\s+(?:\\w+\\s+){0,3}(?:nao|continuar|continue|isso|persistir|persista|acontecer|nada)\\b|\\b(?:if|si)\\s+(?:\\w+\\s+){0,3}(?:not|nobody|no|nada|nadie|sigue|continua)\\b|\\bmais uma (?:dessa|dessas|assim|vez|dessa vez)\\b|\\b(?:se|caso)\\s+(?:\\w+\\s+){0,4}(?:de novo|novamente|outra vez)\\b|\\b(?:na|da) proxima(?: vez)?\\b|\\bate (?:amanha|hoje|o fim do dia|sexta|segunda)\\b|\\bou (?:resolvem|voces resolvem|me devolvem|cancelo)\\b`,
);
const PROBLEM = re(
  `\\b(?:cansei|cansad[oa]|farto|farta|chega|paciencia (?:acabou|esgotou)|acabou (?:pra|para) mim|ultima (?:vez|chance)|absurdo|pessim\\w*|horrivel|descaso|palhacada|vergonha|ridicul\\w*|mal atendid[oa]|nao funciona|so (?:cai|trava|da erro|da problema|falha)|vive (?:caindo|travando|dando (?:erro|problema))|caindo|lixo|porcaria|ruim|horrivel|com esse (?:atendimento|servico|descaso)|desse jeito|se for assim|se continuar assim|assim nao (?:da|tem como|vai)|nao da mais|nao aguento mais|do jeito que (?:esta|vai)|nao resolve\\w*|ninguem resolve|sem solucao|falta de respeito|desrespeito|defeito|decepcion\\w*|insatisfeit\\w*|revoltad\\w*|irritad\\w*|fed up|terrible|awful|tired of|harto|cansado)\\b`,
);

/** Threats that carry their own grievance: "vocês perderam um cliente", "nunca mais compro aqui". */
const CHURN_STRONG = re(
  `\\bperder(?:am|ao|a)? (?:um|uma|o|a|mais um|mais uma|esse|este) (?:cliente|consumidor|assinante)\\b|\\bnao quero mais (?:saber de|nada com|nada de|ser cliente d[eao]s?) (?:voces|essa empresa|esta empresa|essa operadora|esse banco|essa loja)\\b|\\bnunca mais (?:compro|volto|uso|contrato|piso|assino|indico|vou comprar|compro nada|voo)\\b(?!\\s+(?:\\w+\\s+)?(?:esse|essa|este|esta|isso|desse|dessa|deste|desta|o mesmo|a mesma|aquele|aquela)\\b)|\\b(?:lost|losing) a customer\\b|\\b(?:a um passo de|prestes a|por um triz de|quase) (?:\\w+ )?(?:cancel\\w+|desistir de voces|sair d[ao] \\w+|trocar de \\w+)\\b|\\bcancel(?:ar|o|ando) tudo\\b|\\btroc\\w* (?:voces|a empresa|essa empresa|essa operadora|esse banco|essa loja) por\\b|\\b(?:pra|para|a) (?:a )?concorrencia\\b|\\b(?:ir|vou|migrar|mudar|trocar) (?:pra|para|por) (?:o |um )?concorrente\\b|\\b(?:so|somente|apenas) (?:no|na|com o|com a|pelo|pela|d[ao]) concorren\\w+\\b|\\bcontrato d[ao] (?:concorren\\w+|outra operadora|outra empresa)\\b|\\b(?:assino|fecho|contrato|fico) com (?:o|a) concorren\\w+\\b`,
);

/** Any word for leaving the contract; it counts tied to a problem and not as a how-to question. */
const CANCEL_WORD = re(
  `\\b(?:cancelar|cancelamento|cancelo|cancele|cancelem|cancela|rescindir|rescisao|encerrar|encerro|${PORTABILITY_OUT})\\b(?! (?:(?:o|a|os|as|meu|minha|meus|minhas|esse|essa|este|esta|um|uma|mais um|mais uma|outro|outra|d[oa]s?) )?(?:pedidos?|compras?|agendamentos?|visitas?|entregas?|boletos?|cartao|encomendas?|reservas?|transferencias?|pix|pagamentos?|produtos?|itens|item|trocas?|fretes?|parcelas?|cobrancas?|debitos?|ordem|atendimento|chamado|protocolo|conversa|chat)\\b)`,
);
const HOW_TO_BEFORE =
  /\b(?:como|posso|consigo|impossivel|nao consigo|nao da pra|nao deixa|da para|da pra|qual|quanto|onde|quando|se eu|caso eu|saber|duvida|informac\w+|procedimento|processo|prazo|multa)\s+(?:\w+\s+){0,3}$/;

/** More ways to say it: asking for the cancellation or portability, closing the account, not staying. */
const CHURN_MORE = re(
  [
    `\\b(?:peco|solicito|vou pedir|vou solicitar|pedirei|vou fazer|pode preparar|pode ir preparando|preparem|prepara|ja (?:pedi|solicitei))\\s+(?:o |a |meu |minha )?(?:cancelamento|portabilidade|rescisao|encerramento)\\b`,
    `\\b(?:fecho|fechar|vou fechar|encerro) (?:a |minha |essa )?conta\\b`,
    `\\b(?:e|sera|vai ser) a ultima (?:vez )?que (?:eu )?(?:compro|uso|contrato|assino|piso)\\b`,
    `\\blevo (?:\\w+ ){0,3}(?:embora|pra outr\\w+|para outr\\w+|pra concorr\\w+|para concorr\\w+)\\b`,
  ].join('|'),
);
/** Leaving said with its own grievance: "não fico mais nessa empresa", "a um passo de mudar pra outra". */
const CHURN_SELF = re(
  `\\b(?:to|estou|tamo|estamos) com (?:a |uma )?proposta d[ao] (?:concorren\\w+|outra (?:operadora|empresa|loja|escola|academia|seguradora))\\b|\\b(?:me )?(?:da|de) (?:um|uma) (?:motivo|razao) (?:pra|para) (?:eu )?(?:nao|ficar|continuar)\\b|\\b(?:mand\\w*|assin\\w*) (?:o )?papel de saida\\b|\\bpapel de saida (?:que|q) (?:eu )?assino\\b|\\bconcorren\\w+\\b.{0,60}?\\b(?:pensando|pensar) (?:\\w+ )?em (?:fazer igual|ir (?:pra|para)|mudar|trocar)\\b|\\bnao (?:fico|continuo|renovo) mais\\b|\\b(?:desse jeito|assim) (?:eu )?nao (?:fico|continuo)(?= *(?:$|[.,!;]|(?:mais|aqui|com voces|nessa|nesta)\\b))|\\b(?:nao vou|nao pretendo) (?:renovar|continuar (?:com voces|cliente))\\b|\\b(?:a um passo|prestes|quase) (?:de |a )?(?:mudar|ir) (?:pra|para|de) (?:outr\\w+|concorr\\w+|operadora|banco|empresa)\\b`,
);

/** Issue 32's fifth pass, in an unhappy message only: leaving told as a plan or a fact. */
const CHURN_FED_UP = re(
  `\\bja (?:pedi|fiz|peguei) (?:um |uma )?(?:orcamento|cotacao|proposta)s? (?:em|com|d[ae]|n[ao]) outr[oa]s? (?:operadora|empresa|loja|banco|seguradora|escola|academia|provedora?|companhia)\\b|\\bnunca mais (?:\\w+ )?(?:com voces|com essa (?:empresa|loja|operadora|companhia)|nessa (?:empresa|loja|companhia|operadora))\\b|\\b(?:vai estar|vao estar|estara|estarao|vai (?:pra|para)|vao (?:pra|para)|vou colocar (?:\\w+ )?(?:em|n)a?) (?:em )?outr[oa] (?:escola|operadora|empresa|banco|academia|plano|seguradora|companhia|administradora|clinica|provedora?)\\b|\\b(?:ja )?(?:estou|estamos) (?:fazendo|vendo|pegando) (?:cotacao|orcamentos?|propostas?) (?:em|com|d[ae]|n[ao]) outr[oa]s? (?:companhia|empresa|operadora|seguradora|banco|administradora|provedora?)s?\\b|\\b(?:propor|propondo|votar) (?:a )?(?:troca|substituicao) d[ae] (?:administradora|operadora|seguradora|fornecedor|empresa|provedor|banco)\\b|\\bpago (?:a multa )?e saio\\b|\\bou (?:voces|vcs) \\w+(?: \\w+){0,6} ou (?:eu )?(?:volto (?:para|pro|pra)|mudo de|troco de|cancelo)\\b`,
);

/**
 * A reason for leaving that is the customer's life, not our failure (moving, a death, a trip, no
 * longer needed, a benefit elsewhere, the end of a course or a budget): a calm cancellation, even
 * when the message reads sad ("minha avó faleceu, pode cancelar a assinatura dela").
 */
const LIFE_REASON = re(
  `\\b(?:consegui|arrumei|comecei (?:em|num|no)|passei (?:em|num|no)) (?:um |uma |o |a )?(?:emprego|trabalho|estagio|concurso)\\b|\\bnao vou (?:mais )?ter tempo\\b|\\b(?:me mud(?:ar|ando|ei|o)|nos mud(?:ar|ando|amos)|(?:a gente|gente|familia|eu|nos) (?:vai |vamos |esta |estamos |ta )?(?:se |nos |me )mud(?:ar|ando|a|ou|ei|amos))\\b|\\bmudanca (?:de|pra|para) (?:cidade|estado|pais|casa|apartamento|ape|apto|endereco|bairro|\\w+ (?:cidade|estado))\\b|\\bmud(?:ar|ando|ei|amos) de (?:cidade|estado|pais|casa|apartamento|ape|apto|endereco|bairro)\\b|\\b(?:vou|vamos|to|estou|estamos|indo|vai) (?:\\w+ )?morar\\b|\\bsaindo do pais\\b|\\bvoltando (?:pro|para o) brasil\\b|\\b(?:viajando|intercambio|vou viajar|vamos viajar)\\b|\\b(?:falec\\w+|obito)\\b|\\b(?:avo|pai|mae|marido|esposa|mulher|filho|filha|irmao|irma|tio|tia|sogro|sogra|cachorr\\w*|cachorrinh\\w*|gat[oa]|gatinh[oa]|pet|titular)\\b(?: \\w+){0,2} morreu\\b|\\bnao (?:vou |vamos )?(?:precisar|preciso|precisamos|uso|usamos|usarei|utilizo) mais\\b|\\bnao (?:vou |vamos )?mais precisar\\b|\\b(?:fim|final) do (?:ciclo|contrato|periodo|pacote|semestre|ano letivo|curso)\\b|\\b(?:acabou|terminou|encerrou) (?:o|a) (?:pacote|contrato|periodo|curso|fidelidade)\\b|\\b(?:pacote|contrato|curso|periodo|fidelidade)\\b(?: [\\w,]+){0,6} (?:acabou|terminou)\\b|\\b(?:se formou|formou|passou no vestibular|aposent\\w+)\\b|\\bja (?:tem|vem com|inclui) (?:o |a |um |uma )?(?:plano|seguro|streaming|internet|assinatura|convenio|academia|tv|chip|linha)\\b|\\b(?:beneficio|convenio) (?:da|do|pela|pelo) (?:empresa|trabalho|sindicato)\\b|\\b(?:a empresa|o trabalho|meu trabalho|o sindicato)(?: \\w+){0,4} (?:paga|oferece|inclui|fechou convenio)\\b|\\bcortar (?:gastos|custos|despesas)\\b|\\b(?:orcamento|grana) (?:apertad[oa]|curt[oa])\\b`,
);

/**
 * Leaving for a reason of one's life and no grievance: a calm cancellation whatever the sentiment
 * (the learned reason may not call it a threat either: ticket.ts).
 */
export function calmCancellation(folded: string): boolean {
  return LIFE_REASON.test(folded) && !ULTIMATUM.test(folded) && !PROBLEM.test(folded);
}

/** "ia cancelar mas desisti", "desisti de cancelar": leaving given up. */
const STAYING = re(
  `\\b(?:ia|iria|pensei em|queria|tinha pensado em|falei (?:de|em)) (?:\\w+ ){0,4}?(?:cancelar|sair|trocar de (?:operadora|empresa|banco|plano|escola|academia))\\b.{0,60}?\\b(?:desisti|mudei de ideia|nao vou (?:mais )?cancelar|vou ficar)\\b|\\bdesisti de (?:cancelar|sair)\\b`,
);
/** Leaving said again after it was given up ("queria cancelar mas desisti… agora quero cancelar tudo"). */
const LEAVING_AGAIN =
  /(?<!\b(?:nao|nem) (?:vou |vai |quero )?(?:mais )?)\b(?:cancel\w*|rescind\w*|portabilidade|sair d\w+|encerr\w+)/;

function givenUp(folded: string): boolean {
  const staying = STAYING.exec(folded);
  return (
    staying !== null &&
    !ULTIMATUM.test(folded) &&
    !LEAVING_AGAIN.test(folded.slice(staying.index + staying[0].length))
  );
}

function churnThreat(folded: string, ctx: RuleContext): string | undefined {
  const strong =
    firstMatch(folded, CHURN_STRONG) ??
    firstMatch(folded, CHURN_SELF) ??
    (ctx.negative ? firstMatch(folded, CHURN_FED_UP) : undefined);
  // Judged only when leaving is said at all (most messages never get here).
  if (strong)
    return (ctx.otherSignals === 0 && calmCancellation(folded)) || givenUp(folded) ? undefined : strong[0];
  const m =
    firstMatch(folded, CHURN) ??
    firstMatch(folded, CHURN_MORE) ??
    firstMatch(
      folded,
      CANCEL_WORD,
      (c) => !HOW_TO_BEFORE.test(folded.slice(Math.max(0, c.index - 40), c.index)),
    );
  if (!m) return undefined;
  const tied =
    ULTIMATUM.test(folded) ||
    PROBLEM.test(folded) ||
    ctx.otherSignals > 0 ||
    (ctx.negative && !LIFE_REASON.test(folded));
  return tied && !givenUp(folded) ? m[0] : undefined;
}

// ---------------------------------------------------------------------------------------------
// regulator_complaint, legal_action, public_exposure.

const REGULATOR = re(
  `\\b(?:site|portal|plataforma|pagina)s? (?:\\w+ )?do governo (?:\\w+ )?(?:de|pra|para) (?:reclamacao|reclamacoes|reclamar|queixa)\\b|\\b(?:site|portal|plataforma) (?:de|pra|para) (?:reclamacao|reclamacoes|reclamar) do governo\\b|\\b(?:agencia (?:que|q) (?:regula|fiscaliza)\\w*|(?:orgao|quem) (?:que |q )?(?:regula|fiscaliza) (?:\\w+ )?(?:voces|telefonia|planos?|energia|bancos?|operadoras?)|procon|anatel|aneel|anac|anvisa|bacen|banco central|consumidor\\.? ?gov(?:\\.br)?|senacon|susep|inmetro|ministerio publico|defesa do consumidor|codigo do consumidor|idec|agencia reguladora|orgaos? (?:regulador(?:es)?|competentes?|de defesa)|previc|cvm|arsesp|agencia nacional|consumer protection|regulator|profeco|defensa del consumidor|oficina del consumidor)\\b`,
);
/** ANS (the health-plan regulator) only in capitals: "ans" is also French for years. */
const ANS = /\bANS\b/;

const LEGAL = re(
  `\\b(?:(?:vai|vao|isso vai) parar no forum|levar (?:isso |o caso )?(?:pro|ao|para o) forum|advogad[oa]s?|juridico|processar|processarei|processando|processo (?:judicial|contra|na justica)|(?:abrir|entrar com|mover|abro|entro com|abrirei|entrarei com)\\s+(?:um |uma )?(?:processo|acao)|acao (?:judicial|na justica|contra)|na justica|a justica|justica(?! seja feita)|juizado|juiz|juiza|(?:ir|vou|correr|irei) atras dos meus direitos|junt(?:ei|ando|ar) (?:as |todas as )?provas|pequenas causas|danos? mora(?:is|l)|indenizac\\w+|boletim de ocorrencia|(?:um|o|fazer|fiz|registrar|registrei|abrir|abri) b\\.?o\\b|policia|delegacia|tribunal|judicial(?:mente)?|liminar|extrajudicial|(?:isso |que )?da processo|(?:meu|minha) (?:\\w+ ){1,2}(?:e|eh|que e) (?:formad[oa] em|da area d[oe]) direito|lawyer|attorney|sue (?:you|the|your)|lawsuit|legal action|small claims|court|abogad[oa]|demanda(?:r)? judicial|denuncia penal)\\b`,
);

const PUBLIC_CHANNEL = any(
  'redes(?: sociais)?|rede social',
  'instagram|insta|twitter|tiktok|facebook|face|youtube|linkedin|kwai|x',
  'internet|imprensa|jornal|jornais|reportagem|tv|televisao|midia|jornalista',
  'todo mundo|todos os meus (?:amigos|contatos|seguidores)|meus seguidores|grupo do bairro',
  'google|play store|app store|mercado livre|ifood',
  'social media|online|everyone|the press|news|redes sociales',
);
const SOCIAL = re(
  `\\b(?:redes(?: sociais)?|rede social|google|ifood|tripadvisor|booking|play store|app store|mercado livre|instagram|insta|twitter|tiktok|facebook|face|youtube|linkedin|kwai|stories|grupos? (?:de|do|da|no)? ?(?:whats\\w*|bairro|condominio|facebook)|todos os grupos|imprensa|jornal|reportagem|jornalista|social media|redes sociales)\\b`,
);
const POSTING = re(
  `\\b(?:(?:mand|lev|envi)(?:ar|o|ei|arei) (?:\\w+ )?(?:pro|pra|para o|para a|ao|a)|post(?:ar|ei|ando|arei|amos)|public(?:ar|ei|ando|arei|amos)|divulg(?:ar|uei|ando|arei)|coloc(?:ar|ando|arei)|coloquei|bot(?:ar|ei|ando)|jog(?:ar|ando)|joguei|sub(?:ir|indo)|expo(?:r|ndo)|expus|mostr(?:ar|ei|ando|arei)|espalh(?:ar|ei|ando)|compartilh(?:ar|ei|ando)|grav(?:ar|ei|ando|ado|ei)|film(?:ar|ei|ando)|video|videos|prints?|print(?:ei|ar)|denunci(?:ar|ando|ei)|cont(?:ar|ando|ei) (?:tudo|isso|o que|pra todo|para todo)|falar mal|viraliz\\w*|avali(?:ar|acao|ando|arei)|avaliacao|resenha|review|post (?:this|it|about)|share|tweet)\\b`,
);
const SPREAD = re(
  `\\b(?:vou|vamos|irei|iremos|ja|estou|to|acabei de)\\s+(?:\\w+\\s+)?(?:divulgar|divulgando|divulguei|espalhar|espalhando|espalhei|compartilhar|compartilhando|compartilhei|viralizar|expor|expondo|expus|publicar|publicando|publiquei|postar|postando|postei)\\b(?!\\s+(?:o |a |meu |minha )?(?:pedido|comprovante|documento|foto do produto|anexo|cpf|endereco))`,
);
/** Looking a company up before buying is no exposure: "vi vocês no reclame aqui com nota ótima". */
const CONSULTED =
  /\b(?:vi|olhei|dei uma olhada|pesquisei|consultei|conferi|chequei|procurei)\s+(?:\w+\s+){0,2}(?:n?o )?reclame ?aqui$/;
/** …unless a step of one's own follows ("vou registrar a minha lá"). */
const OWN_STEP =
  /\b(?:vou|irei|vamos|vou ter que) (?:registrar|abrir|postar|reclamar|colocar|fazer|deixar)\b/;
function publicExposure(folded: string, ctx: RuleContext): string | undefined {
  // Showing off a result ("vou postar no insta de tão lindo que ficou") is no exposure.
  // (A positive-only message is a content one: nothing below runs for it.)
  if (contentMessage(folded, ctx)) return undefined;
  const direct =
    firstMatch(
      folded,
      PUBLIC,
      (m) =>
        OWN_STEP.test(folded) ||
        !CONSULTED.test(folded.slice(Math.max(0, m.index - 40), m.index + m[0].length)),
    ) ?? (ctx.negative ? firstMatch(folded, PUBLIC_CHAT) : undefined);
  if (direct) return direct[0];
  const channel = firstMatch(folded, SOCIAL, (m) => POSTING.test(around(folded, m, 70, 40)));
  return channel?.[0] ?? firstMatch(folded, SPREAD)?.[0];
}
const PUBLIC = re(
  `\\b(?:reclame ?aqui|reclameaqui)\\b|\\b(?:(?:fiz|fazendo|fazer|montando|montei|escrevendo|escrevi|postei|postando|abrir|abri)\\s+(?:um |uma )?|(?:meu|minha)\\s+)(?:fio|thread)\\b(?:\\s+\\w+){0,2}?\\s+no (?:x|twitter|insta|instagram|tiktok|face|facebook)\\b|\\bvou (?:gravar|filmar|fotografar|printar)\\b[^.!?]{0,120}?\\be (?:postar|publicar|expor|divulgar)\\b|\\bredes? sociais\\b|\\bredes sociales\\b|\\bsocial media\\b|\\b(?:expor|expondo|expus|expo) (?:voces|vcs|a empresa|essa empresa|esta empresa|a loja|essa loja|o caso|meu caso|isso|tudo|publicamente|a situacao)\\b|\\bviraliz\\w+\\b|\\b(?:vou|vamos|irei|ja|acabei de|fiz|fizemos)\\s+(?:\\w+\\s+){0,2}(?:postar|postei|publicar|publiquei|divulgar|divulguei|espalhar|gravar um video|fazer um video|filmar|contar|falar mal|denunciar|avaliar|deixar (?:uma |minha )?avaliac\\w+)\\b(?:\\s+[\\w.]+){0,6}?\\s+(?:n[oa]s?|em|para|pra|pro|a|no|na|pelo|pela)?\\s*${PUBLIC_CHANNEL}\\b|\\b(?:avaliac\\w+|review|nota|comentario|estrela)s?\\s+(?:\\w+\\s+){0,2}(?:negativa|ruim|pessima|uma estrela|1 estrela|zero)\\b|\\b(?:gravar|fazer|postar|publicar|soltar) (?:um |uns )?videos? (?:contando|mostrando|expondo|falando|sobre|denunciando)\\b|\\b(?:avaliar|avaliando|dar|darei|dei|vou dar|deixar|deixei)\\s+(?:\\w+\\s+){0,2}(?:uma|1|zero|0|nenhuma) estrelas?\\b|\\b(?:tell|telling) everyone\\b|\\bpost (?:this|it|about)\\b|\\b(?:imprensa|reportagem|jornalista)\\b|\\bconheco (?:um|uma|uns|umas) (?:reporter\\w*|jornalistas?)\\b|\\b(?:prints?|fotos?|videos?) (?:\\w+ ){0,2}(?:pront[oa]s?|guardad[oa]s?|salv[oa]s?)\\b(?=.{0,80}\\b(?:posto|postar|publico|publicar|espalho|espalhar|divulgo|divulgar)\\b)|\\bmarcar (?:voces|a empresa|a loja|o perfil de voces) (?:\\w+ ){0,2}no (?:insta|instagram|face|facebook|twitter|x|tiktok)\\b|\\bgrupo d[aeo]\\b.{0,80}\\b(?:todas|todos|todo mundo|geral) (?:vao|vai) (?:saber|ficar sabendo)\\b`,
);
/** Issue 32's fifth pass, in an unhappy message only: already posted, a reporter, a warning to groups. */
const PUBLIC_CHAT = re(
  `\\b(?:ja )?(?:esta|estao) (?:no|nos|na) (?:meu |minha )?(?:story|stories|status)\\b|\\bja (?:esta|estao|postei|coloquei|botei) (?:no|nos|na) (?:meu |minha )?(?:insta|instagram|tiktok|twitter|face|facebook)\\b|\\b(?:vai|vao) virar (?:video|materia|reportagem|noticia)\\b|\\breporter\\b|\\b(?:avisar|alertar) (?:geral|todo mundo|a galera|todos) (?:no|nos|na|nas) (?:grupos?|face|insta|redes?)\\b(?:\\s+\\w+){0,4}?\\s+que\\b`,
);

/**
 * A content customer ("certinho", "obrigado", "já foi trocado"): issue 32's WhatsApp cue families
 * (plain verbs like "descontou", "caiu", "mostrava") are not read in it.
 */
const CONTENT = re(
  `\\b(?:obrigad[oa]|agradec\\w+|valeu|certinho|tudo certo|deu certo|ok|beleza|sucesso|felizes|feliz|(?:rapid|atencios|educad|prestativ)[oa]s? demais|outro nivel|lind[oa]|perfeit[oa]|indic(?:ou|aram|o|amos)|recomend\\w+|elogi\\w+|arrasou|arrasaram|amei|adorei|ja (?:foi|foram) (?:trocad|consertad|arrumad|resolvid|religad|cancelad)\\w*)\\b`,
);
function contentMessage(folded: string, ctx: RuleContext): boolean {
  return ctx.positiveOnly || (!ctx.negative && CONTENT.test(folded));
}

// ---------------------------------------------------------------------------------------------
// financial_harm: "cobrança em dobro", "débito não reconhecido", "conta invadida", "boleto falso".

const FINANCIAL = re(
  [
    // Charged more than once or wrongly.
    `\\bcobrad[oa]s?\\s+(?:\\w+\\s+)?(?:${MANY}|duas|tres) vezes\\b`,
    `\\bcobr(?:aram|am|ou|ando|ado|ada)\\s+(?:\\w+\\s+){0,3}(?:em dobro|duas vezes|tres vezes|a mais|duplicad[oa]|errad[oa]|indevid\\w+|sem (?:autorizacao|eu (?:pedir|autorizar|contratar))|algo que (?:eu )?nao|um servico que (?:eu )?nao|o que (?:eu )?nao)\\b`,
    `\\bcobranca\\s+(?:\\w+\\s+)?(?:em dobro|duplicad[oa]|dupla|indevid[oa]|errad[oa]|abusiv[oa]|irregular|de (?:algo|servico|um servico|produto) que (?:eu )?nao)\\b`,
    `\\b(?:pagando|paguei|pago|pagamos)\\s+(?:\\w+\\s+){0,2}(?:(?<!\\bem )duas vezes|em dobro|o dobro)\\b`,
    `\\b(?:continu\\w+|esta(?:o)?|estao|voces estao|seguem)\\s+(?:\\w+\\s+)?cobrando\\s+(?:\\w+\\s+){0,4}(?:ja pag\\w+|que (?:eu )?ja paguei|quitad\\w+|cancelad\\w+|que (?:eu )?nao)\\b`,
    `\\b(?:debit|descont|desconta|saque|retir|transfer)\\w*\\s+(?:\\w+\\s+){0,6}(?:que )?(?:eu )?nao (?:reconheco|autorizei|fiz|realizei|solicitei|pedi|contratei)\\b`,
    `\\bnao (?:reconheco|autorizei|(?:fiz|realizei)(?=\\s+(?:\\w+\\s+)?(?:ess|est|aquel|nenhum)))\\s+(?:\\w+\\s+)?(?:ess[ae]s?|est[ae]s?|aquel[ae]s?|a|o|as|os|nenhum[a]?)?\\s*(?:compras?|cobrancas?|debitos?|transac\\w+|valor(?:es)?|lancamentos?|pix|saques?|transferenc\\w+|parcelas?|despesas?|gastos?)\\b`,
    `\\b(?:compras?|transac\\w+|debitos?|lancamentos?|saques?|transferencias?|pix|gastos?)\\s+(?:\\w+\\s+){0,4}(?:que (?:eu )?(?:nao|nunca) (?:fiz|reconheco|realizei|autorizei)|nao (?:reconhecid[oa]s?|autorizad[oa]s?)|desconhecid[oa]s?|indevid[oa]s?|suspeit[oa]s?)\\b`,
    `\\bcobr\\w+\\s+(?:\\w+\\s+){0,4}que (?:eu )?(?:(?:nunca|nao) (?:contratei|pedi|solicitei|autorizei|usei|comprei|assinei|recebi)|(?:ja )?(?:cancelei|encerrei|devolvi|quitei|paguei)|(?:foi|era|estava|seria|tinha sido|ja foi|ja estava) (?:\\w+ )?(?:isent\\w*|gratis|gratuit\\w*|inclus\\w*|cancelad\\w*|quitad\\w*|pag[oa]|estornad\\w*|devolvid\\w*|retirad\\w*|dispensad\\w*|abonad\\w*))\\b`,
    `\\b(?:pedidos?|compras?|cobrancas?|assinaturas?|servicos?|parcelas?|lancamentos?) (?:\\w+ )?que nao (?:e|eh|sao|foi|foram|era) (?:meu|minha|meus|minhas|nosso|nossa)\\b`,
    `\\b(?:minha|meu|meus|minhas) (?:conta|login|cartao|cpf|nome|senha|perfil|e-?mail|whatsapp|dados|cadastro|chip|numero|acesso)\\s+(?:\\w+\\s+)?(?:foi|foram|esta|estao|sendo)\\s+(?:\\w+\\s+)?(?:usad[oa]s?|acessad[oa]s?|utilizad[oa]s?|invadid[oa]s?|clonad[oa]s?|hackead[oa]s?|roubad[oa]s?|violad[oa]s?|(?:alterad|trocad|mudad)[oa]s? (?:por (?:outra pessoa|terceiros|alguem|estranhos)|sem))\\b|\\b(?:outra pessoa|terceiros|um estranho|estranhos)\\s+(?:\\w+\\s+)?(?:usou|usaram|usando|acessou|acessaram|entrou|entraram|comprou|compraram|esta usando)\\b`,
    `\\b(?:estao|alguem (?:esta )?|tem alguem|andam) usando (?:o |a )?(?:meu|minha|meus|minhas) (?:cartao|conta|nome|cpf|dados|numero|linha|cadastro)\\b|\\b(?:abriram|fizeram|contrataram|compraram|fizeram compras?|pediram)\\s+(?:\\w+\\s+){0,3}(?:no|em) meu nome\\b`,
    `\\bja (?:paguei|quitei|pago|foi pag[oa])\\b(?:\\s+\\S+){0,6}?\\s+(?:continu\\w+|seguem|ainda|estao|voltaram a|de novo)\\s+(?:me\\s+|a\\s+)?cobr\\w+`,
    `\\bsem (?:a )?(?:minha )?(?:autorizacao|permissao|consentimento)\\b|\\bsem eu (?:pedir|autorizar|solicitar|contratar)\\b`,
    `\\b(?:em duplicidade|cobrancas? duplicadas?|debitos? duplicados?|pagamentos? duplicados?|cobrancas? em dobro|cobrados? em dobro|cobrad[oa]s? a mais|pagando a mais|paguei a mais)\\b`,
    `\\b(?:sumiu|sumiram|desapareceu|desapareceram|levaram|tiraram|zeraram)\\s+(?:\\w+\\s+){0,2}(?:dinheiro|saldo|valor|valores|credito|creditos|reais|pontos|milhas)\\b|\\b(?:dinheiro|saldo|valor|credito)\\s+(?:\\w+\\s+){0,4}(?:sumiu|desapareceu|foi zerado|zerou)\\b`,
    `\\bcobr\\w+\\s+(?:\\w+\\s+){0,3}(?:a mais|errad[oa]|valor cheio|sem o desconto|mesmo com (?:o |a )?(?:cupom|desconto|promocao)|acima do (?:combinado|anunciado|contratado)|diferente do (?:combinado|contratado))\\b`,
    // A bill, link or message that looks forged; a refund never made and a new charge.
    `\\b(?:estorno|reembolso|devolucao)\\b(?:\\s+[\\w,]+){0,8}?\\s+(?:nunca|nao) (?:caiu|veio|foi feit[oa]|entrou|apareceu)\\b(?:\\s+[\\w,]+){0,4}?\\s+(?:cobraram|cobram|cobrou|debitaram|descontaram)\\b`,
    `\\b(?:abriram|abriu|fizeram|fez|contrataram|contratou|pegaram|pegou|cadastraram|criaram|criou)\\s+(?:\\w+\\s+){0,3}(?:com|usando) (?:os )?(?:meus|minhas|meu) (?:dados|documentos|cpf|nome)\\b`,
    `\\b(?:mudaram|trocaram|alteraram|resetaram)\\s+(?:\\w+\\s+){0,3}(?:senha|e-?mail|cadastro|conta|numero|chip|titularidade|acesso|login)\\s+(?:\\w+\\s+){0,4}sem (?:eu |minha )?(?:saber|autorizacao|pedir|autorizar|permissao)\\b`,
    `\\b(?:paguei|transferi|fiz o pix|fiz um pix)\\b.{0,80}\\bnao (?:foi|foram|era|eram) (?:voces|a empresa|de voces|da empresa)\\b`,
    // Fraud and account security.
    `\\b(?:golpe|golpes|golpista|fraude|fraudes|fraudulent\\w*|estelionat\\w+|boleto (?:falso|adulterado|fraudado)|pix falso|site falso|perfil falso|se passando por|clonad[oa]s?|clonaram|clonagem|phishing|invadid[oa]s?|invadiram|hacke\\w+|raqueado|raquearam|acesso (?:nao autorizado|indevido)|vazament\\w+ de dados|vazaram (?:meus|os meus) dados|meus dados (?:vazaram|foram vazados|expostos)|roubaram (?:minha|meu)|senha (?:vazou|foi alterada|alterada))\\b`,
    `\\balguem (?:\\w+\\s+)?(?:alterou|mudou|trocou|acessou|entrou|usou|usando|esta usando|mexeu|fez|invadiu|pegou)\\s+(?:\\w+\\s+){0,4}(?:conta|senha|e-?mail|cadastro|cartao|numero|perfil|login|aplicativo|app|whatsapp|chip|linha|dados)\\b`,
    // English and Spanish.
    `\\b(?:charged|billed)\\s+(?:me\\s+)?(?:twice|two times|three times|double)\\b|\\bdouble(?:-| )charged\\b|\\bunauthori[sz]ed (?:charge|transaction|payment|access)\\b|\\b(?:fraud|scam|scammed|hacked)\\b|\\bdon'?t recognize (?:this|the|a) (?:charge|transaction)\\b|\\bme cobraron (?:dos veces|doble)\\b|\\bcobro (?:doble|indebido)\\b|\\bestafa\\b`,
  ].join('|'),
);

/**
 * Issue 32's WhatsApp wording: money gone from the account ("sumiu 450 conto da minha conta",
 * "levou 120 do cartão"; a plain debit is no loss), someone in the account or app (not "se
 * entraram…", a what-if), the card used while still in hand. Not in a content message.
 */
const FINANCIAL_CHAT = re(
  [
    `\\b(?:sumiu|sumiram|desapareceu|desapareceram|levou|levaram|tirou|tiraram|roubou|roubaram)\\s+(?:\\w+\\s+){0,2}(?:r\\$ ?)?\\d+(?:[.,]\\d+)?(?: mil)?(?:\\s+(?:reais|conto|contos|pila|pilas|mangos?))?\\s+(?:\\w+\\s+){0,2}?(?:d[ao]|na|no) (?:minha |meu )?(?:conta|cartao|poupanca|saldo|banco|carteira digital)\\b`,
    `\\b(?<!\\bse )(?:entraram|invadiram|logaram|acessaram|mexeram)\\s+(?:no|na|em) (?:meu|minha) (?:app|aplicativo|conta|banco|internet banking|whatsapp|zap|insta|instagram|face|facebook|e-?mail|perfil|cadastro|login)\\b|\\b(?:esvaziaram|limparam|zeraram)\\s+(?:a |o )?(?:minha |meu )?(?:conta|poupanca|saldo|cartao|tudo)\\b`,
    `\\b(?:compras?|saques?|pix|transferencias?|gastos?|debitos?|lancamentos?)\\b.{0,80}\\bcartao (?:esta|continua|ficou|segue|sempre esteve|nunca saiu) (?:aqui )?(?:comigo|na minha mao|guardado|da minha (?:mao|carteira))\\b`,
    `\\b(?:limite|saldo|credito|pontos|milhas|cartao|conta)\\s+(?:\\w+\\s+){0,2}(?:foi|foram) (?:usad[oa]s?|gast[oa]s?|acessad[oa]s?|utilizad[oa]s?) por (?:alguem|outra pessoa|terceiros|outro|outros|estranhos)\\b`,
    `\\b(?:renovad[oa]|renovou|renovaram|debitad[oa]|descontad[oa]|cobrad[oa])\\s+(?:\\w+\\s+){0,3}(?:depois|apos|mesmo (?:depois )?)\\s*(?:que |de )?(?:eu )?(?:cancelei|cancelar|ter cancelado|do cancelamento|eu ter cancelado)\\b`,
  ].join('|'),
);

/** "chegou um boleto de vocês que parece falso": forged, said as a fact (a question needs a loss). */
const LOOKS_FORGED = re(
  `\\b(?:boleto|boletos|pix|link|site|cobranca|mensagem|sms|e-?mail|pagina|perfil|qr ?code)\\s+(?:\\w+\\s+){0,4}(?:parece|parecia|e|era|deve ser|tem cara de)\\s+(?:\\w+\\s+)?(?:falso|falsa|golpe|fraude|clonad[oa]|adulterad[oa])\\b`,
);
/** "quero confirmar se é golpe": asking whether something is a fraud, before any harm. */
const FRAUD_WORD = /^(?:golpes?|golpista|fraudes?|fraud|scam)$/;
const ASKING_BEFORE =
  /\b(?:se|sera que|sera|confirmar|saber|verdade|real|verdadeir[oa]|is (?:this|it))\s+(?:\w+\s+){0,3}$/;
const LOSS = re(
  `\\b(?:paguei|transferi|fiz (?:o |um )?pix|depositei|perdi|cai|levaram|levou|roubaram|roubou|tiraram|tirou|debitaram|sumiu|sumiram|mandei|enviei|passei (?:meus|os) dados|zerad[oa]|zeraram|limparam|esvaziaram|paid|lost)\\b`,
);

/** Money words and, nearby, a mark that it was taken wrongly: "uma cobrança de R$ 300 que não reconheço". */
const MONEY = re(
  `\\b(?:cobranc\\w*|cobrad[oa]s?|cobraram|cobrando|cobrou|debit\\w*|descont(?:aram|ou|ando|ado|ada)|lancamentos?|compras?|transac\\w+|pix|teds?|saques?|transferenc\\w*|fatura|valor(?:es)?|parcelas?|dinheiro|grana|conto|contos|pila|limite|emprestimos?|consignado|cartao|conta bancaria|saldo|r\\$ ?\\d+|reais|\\d+ mil|charge[sd]?|money)\\b`,
);
const TAKEN_WRONGLY = re(
  `\\b(?:nao (?:\\w+ )?(?:reconheco|reconhecemos|autorizei|autorizamos)|que nem eu nem(?: \\w+){1,2} (?:fiz|fizemos|fez|realizamos|autorizamos|reconhecemos)|que (?:eu )?(?:nao|nunca) (?:\\w+ )?(?:fiz|realizei|contratei|solicitei|pedi|usei|comprei|autorizei|pisei|fui|estive|entrei|visitei|conheco|assinei|recebi)|desconhecid[oa]s?|estranh[oa]s|suspeit[oa]s|indevid\\w*|(?<!\\b(?:em|parcelad[oa] em|dividid[oa] em) )(?:duas|tres|[2-9]) vezes(?! sem juros)|em dobro|duplicad[oa]s?|duplicidade|a mais|sem (?:minha )?autorizac\\w+|sem eu (?:pedir|autorizar|saber)|falsos?|falsas?|golpe|fraud\\w*|clonad[oa]s?|perdi|roubad[oa]s?|roubaram|twice|unauthori[sz]ed|don'?t recognize)\\b`,
);

/** Issue 32's marks of money taken ("que não é meu", "não mexi em nada"): not in a content message. */
const TAKEN_WRONGLY_CHAT = re(
  `\\b(?:que (?:nao|nunca) (?:e|eh|sao|foi|foram|era) (?:meu|minha|meus|minhas)|(?:eu )?nao (?:mexi|gastei|saquei|movimentei) (?:em )?(?:nada|nela|nele|nisso))\\b`,
);

/** Someone posing as the company ("ligou dizendo ser da central"): fraud once money or access is lost. */
const IMPERSONATION = re(
  `\\b(?:ligou|ligaram|ligando|mandou|mandaram|chamou|chamaram|escreveu|escreveram)\\s+(?:\\w+\\s+){0,3}(?:(?:dizendo|falando|afirmando|alegando|fingindo|se dizendo)\\s+(?:que )?(?:ser|era|eram|da|do|de)|se passando (?:por|pelo|pela))\\b|\\bse (?:passou|passaram|passa|passam) (?:por|pelo|pela|como)\\b|\\b(?:fingiu|fingiram) ser\\b`,
);

const CHARGED_AFTER_CANCEL = re(
  `\\b(?:login|acesso|entrada|tentativa de acesso|conexao)\\b(?:\\s+[\\w,]+){0,6}?\\s+(?:que )?(?:nao fui eu|nao fiz|nao reconheco|desconhecid[oa])\\b|\\bcobrad[oa]s? (?:\\w+\\s+){0,6}?(?:que )?(?:nunca|nao) (?:foi|foram|veio|vieram|chegou|chegaram) (?:\\w+ )?(?:instalad|entregue|ativad|prestad|realizad|feit|enviad)\\w*|\\b(?:cancelei|cancelamos|encerrei|pedi o cancelamento|solicitei o cancelamento|ja cancelei)\\b(?:\\s+[\\w,]+){0,8}?\\s+(?:e |mas )?(?:continua\\w*|ainda|seguem|voces|vcs)?\\s*(?:me |nos )?(?:cobrando|cobram|cobraram|cobrou|descontando|debitando|veio (?:a |outra )?(?:cobranca|fatura))\\b|\\b(?:cobr|debit|descont)(?:ando|am|aram|ou|ado|ada)\\b(?:\\s+[\\w,$]+){0,10}?\\s+mesmo (?:eu |a gente |nos )?(?:tendo|ja tendo|depois de (?:eu )?ter|apos ter) (?:\\w+ )?(?:cancelad|pag|quitad|cupom|isencao|isent|desistid|devolvid)\\w*\\b(?![^.!]{0,40}\\?)|\\bmesmo (?:apos|depois d)o cancelamento\\b[^.!?]{0,40}\\b(?:cobr|debit|descont)\\w+|\\bcancelei\\b[^.!?]{0,60}\\b(?:a )?cobranca (?:continua|segue) (?:vindo|chegando|aparecendo)\\b`,
);
/** "passou R$ 450 em vez de R$ 45": more money taken than owed. */
const INSTEAD_OF =
  /\b(?:passou|passaram|cobrou|cobraram|debitou|debitaram|descontou|descontaram|veio|vieram)\b(?:\s+(?:de|no|na|cartao|fatura|conta))*\s+(?:r\$ ?)?(\d[\d.]*(?:,\d+)?)\s*(?:reais\s+)?(?:[a-z]+\s+){0,3}?(?:em vez|ao inves|no lugar) de\s+(?:r\$ ?)?(\d[\d.]*(?:,\d+)?)/;
function overcharged(folded: string): string | undefined {
  const m = /em vez|ao inves|no lugar/.test(folded) ? INSTEAD_OF.exec(folded) : null;
  if (!m || !/r\$|reais/.test(m[0])) return undefined;
  const amount = (text: string) => Number.parseFloat(text.replace(/\./g, '').replace(',', '.'));
  return amount(m[1] ?? '') > amount(m[2] ?? '') ? m[0] : undefined;
}

function financialHarm(folded: string, ctx: RuleContext): string | undefined {
  const chat = !contentMessage(folded, ctx);
  const posing = firstMatch(folded, IMPERSONATION, (m) => LOSS.test(around(folded, m, 0, 160)));
  if (posing) return posing[0];
  const strict = firstMatch(folded, FINANCIAL, (m) => {
    if (!FRAUD_WORD.test(m[0])) return true;
    // A question about it ("esse golpe do pix é comum?") before any loss is not harm yet.
    const asking =
      ASKING_BEFORE.test(folded.slice(Math.max(0, m.index - 40), m.index)) ||
      /^[^.!]{0,40}\?/.test(folded.slice(m.index + m[0].length));
    return !asking || LOSS.test(around(folded, m, 120, 60));
  });
  if (strict) return strict[0];
  const gone = chat ? firstMatch(folded, FINANCIAL_CHAT) : undefined;
  if (gone) return gone[0];
  const forged = firstMatch(
    folded,
    LOOKS_FORGED,
    (m) =>
      !/^[^.!]{0,40}\?/.test(folded.slice(m.index + m[0].length)) || LOSS.test(around(folded, m, 120, 60)),
  );
  if (forged) return forged[0];
  // Charged after cancelling: "cancelei o plano em março e continuam me cobrando".
  const afterCancel = firstMatch(folded, CHARGED_AFTER_CANCEL);
  if (afterCancel) return afterCancel[0];
  const over = overcharged(folded);
  if (over) return over;
  // Loose: money and a wrong-taking mark in the same stretch, unless it is a calm question.
  const takenWrongly = (m: RegExpExecArray) => {
    if (!MONEY.test(around(folded, m, 70, 50))) return false;
    if (FRAUD_WORD.test(m[0]) || m[0] === 'falso' || m[0] === 'falsa')
      return LOSS.test(around(folded, m, 120, 80));
    return !folded.slice(m.index, m.index + m[0].length + 40).includes('?');
  };
  return (
    firstMatch(folded, TAKEN_WRONGLY, takenWrongly)?.[0] ??
    (chat ? firstMatch(folded, TAKEN_WRONGLY_CHAT, takenWrongly)?.[0] : undefined)
  );
}

// ---------------------------------------------------------------------------------------------
// business_impact: the customer's business is stopped or losing money; safety at risk.

/** The customer's own operation: "nossa loja", "meu restaurante", or things only a business has. */
const OWN_BUSINESS = any(
  '(?:meu|minha|nosso|nossa|meus|minhas|nossos|nossas)\\s+(?:\\w+\\s+)?(?:loja|lojas|empresa|negocio|comercio|restaurante|lanchonete|clinica|consultorio|escritorio|fabrica|farmacia|mercado|padaria|oficina|salao|filial|filiais|franquia|estabelecimento|sistema|site|e-?commerce|loja virtual|servidor|servidores|operacao|caixa|caixas|pdv|maquininhas?|maquinas? de cartao|equipe|funcionarios|vendas|producao)',
  '(?:a |o )?(?:loja|empresa|fabrica|operacao|clinica|escritorio) (?:inteira|toda)|todas as (?:lojas|filiais|maquinas|unidades)|todos os (?:caixas|computadores|terminais|funcionarios)',
  '(?:internet|rede|wi-?fi|sistema|link|telefone|computadores?|caixa|energia|luz) d[ao] (?:loja|empresa|restaurante|escritorio|clinica|padaria|mercado|lanchonete|farmacia|consultorio|fabrica|oficina|salao|firma)',
  '(?:meu|minha|nosso|nossa) (?:call center|central de atendimento|faturamento|expediente|delivery)|(?:o |a )?(?:call center|central de atendimento) (?:inteir[oa]|tod[oa])',
  'our (?:store|shop|business|system|company)',
);
/** Tools only a business has: stopped, they count with a word of impact nearby. */
const BUSINESS_TOOL = any(
  'pdv|frente de caixa|maquininhas?|maquinas? de cartao|maquina(?= (?:off|offline)\\b)|link dedicado|impressora fiscal|app de (?:rota|entregas?|pedidos)|erp|sistemas? (?:de|da|do) (?:vendas|gestao|caixa|emissao|loja|empresa|clinica|restaurante|estoque|pdv|ponto|pedidos|agendamentos?|reservas|delivery|cobranca|pagamentos)|central telefonica',
);
const IMPACT_NEAR = re(
  `\\b(?:total|totalmente|delivery|pedidos|entregas|vend\\w*|fatur\\w*|client\\w*|fila|perd\\w*|prejuiz\\w*|loja|caixa|ninguem|nenhum\\w*|tod[oa]s|urgen\\w*|emergencia|parad[oa]|funcionarios|equipe|expediente|lotad[oa]|cheio|cheia|movimento|restaurante|clinica|pacientes)\\b`,
);
const STOPPED = any(
  'parou(?! de (?:responder|atender|retornar|ligar|mandar|enviar|cobrar))|pararam(?! de)|parad[oa]s?',
  'fora do ar|caiu|cairam|travou|travad[oa]s?|inoperante|sem funcionar|nao funciona|nao (?:esta|estao) funcionando|sem (?:sistema|internet|telefone|linha|sinal|luz|energia|agua|gas|conexao)|sem conseguir|fechad[oa]s?',
  'nao (?:passa|passam|aceita|aceitam|le|liga|ligam|conecta|conectam|imprime|emite|processa|funcionam|registra)',
  'off|offline|recusando|nao sobe|nao carrega|(?:da|dando|com) erro|descarregou',
  'is down|went down|stopped',
);
/**
 * A workplace named without "my": stopped is the customer's own ("a fábrica parou", "a clínica está
 * sem sistema"), but the company's place refusing or failing at something is a routine matter
 * ("a escola não aceita transferência?", "o app da farmácia dá erro").
 */
const PLACE = `(?<!\\b(?:d[aeo]|n[ao]|pel[ao]) )(?:a |o )?(?:clinica|consultorio|restaurante|lanchonete|farmacia|escola|escritorio)(?! d[eao] (?:voces|vcs)\\b)`;
/** Workplaces only a customer's own business has: any stop counts. */
const OWN_PLACE = `(?:a |o )?(?:fabrica|industria|producao|linha de producao|frota|obra|freezer da loja|camara fria|camara frigorifica|camera frigorifica|camera fria|balcao refrigerado)`;
const PLACE_STOPPED = any(
  'parou(?! de)|pararam(?! de)|parad[oa]s?|fora do ar|inoperante',
  'sem (?:sistema|internet|telefone|linha|sinal|luz|energia|agua|gas|conexao)',
  'sem conseguir (?:vender|atender|emitir|trabalhar|operar)',
);
const BUSINESS = re(
  [
    `\\b${OWN_BUSINESS}\\b(?:\\s+[\\w,]+){0,5}?\\s+(?:esta |estao |ficou |ficaram )?${STOPPED}\\b`,
    `\\b${PLACE}\\b(?:\\s+[\\w,]+){0,5}?\\s+(?:esta |estao |ficou |ficaram )?${PLACE_STOPPED}\\b`,
    `\\b${OWN_PLACE}\\b(?:\\s+[\\w,]+){0,5}?\\s+(?:esta |estao |ficou |ficaram )?${STOPPED}\\b`,
    `\\b(?:sem|nao (?:\\w+ )?(?:consigo|conseguimos|consegue|conseguem|estamos conseguindo|esta conseguindo|da para|da pra|podemos|posso|deixa|deixam|deixando)|impedid[oa]s? de|impossivel)\\s+(?:\\w+\\s+)?(?:vender|faturar|pesar|emitir (?:notas?|nf\\w*|nota fiscal|cupom|cupons)|trabalhar|operar|atender (?:os |as |nossos |nossas |meus |minhas )?(?:clientes|pacientes|alunos|hospedes|consumidores|pedidos)|receber (?:pagamentos?|dos clientes|no cartao|pix)|passar (?:cartao|cartoes|vendas)|abrir a loja|fechar a loja|abrir o comercio|fechar o comercio|abrir o restaurante|produzir|despachar (?:os )?pedidos|fazer (?:as |nenhuma |minhas |nossas )?(?:entregas?|vendas?|corridas?|atendimentos?)|pagar (?:os )?(?:funcionarios|fornecedores|salarios))\\b`,
    `\\b(?:perdendo|perdemos|estamos perdendo|vamos perder|vou perder)\\s+(?:\\w+\\s+)?(?:clientes|vendas|dinheiro|pedidos|contratos|faturamento|negocios|encomendas)\\b`,
    `\\b(?:vivo disso|vivo dele|vivo dela|meu ganha-? ?pao|meu sustento|minha (?:fonte de )?renda|dependo (?:disso|dele|dela|do app|do aplicativo|do sistema|da internet|do carro) para (?:trabalhar|viver)|preciso (?:disso|dele|dela) para trabalhar)\\b|\\bprejuizos?\\b|\\b(?:ninguem|nenhum funcionario|nenhum caixa|a equipe toda|todos os funcionarios)\\s+(?:\\w+\\s+)?(?:consegue|conseguem|pode|podem)\\s+(?:trabalhar|vender|acessar|atender|operar)\\b`,
    `\\bclientes (?:esperando|na fila|indo embora|reclamando na loja|sem atendimento)\\b|\\bloja (?:cheia|lotada)\\b|\\b(?:foi|foram|indo|vao|vai) (?:\\w+ ){0,3}clientes? embora\\b|\\b(?:tive|tivemos) que fechar (?:o caixa|a loja|as portas|o restaurante|o salao|a cozinha|o comercio)\\b|\\b(?:estou|estamos) (?:atendendo|vendendo|recebendo|aceitando) (?:so|somente|apenas) (?:no |em |com )?dinheiro\\b|\\b(?:ninguem|nenhum cliente) (?:\\w+ )?(?:consegue|conseguem) (?:pedir|comprar|pagar)\\b|\\b(?:minha|nossa) loja vai ficar vazia\\b|\\b(?:\\d+|varios|todos os|os) (?:pedidos|sacolas|marmitas|lanches)\\b(?:\\s+\\w+){0,3}?\\s+(?:esfriando|acumulando|parad[oa]s no balcao)\\b`,
    `\\b(?:os |as |meus |minhas |nossos |nossas )?(?:\\d+ )?(?:funcionarios|colaboradores|empregados|atendentes|caixas|motoristas|entregadores|operadores|vendedores) (?:\\w+ ){0,2}(?:parad[oa]s|de bracos cruzados|sem (?:poder|conseguir) trabalhar)\\b`,
    `\\b(?:perder|perdendo|perdi|perdemos|estragar|estragando|estragou|estragaram|estragada|estragado)\\s+(?:\\w+\\s+){0,2}(?:mercadoria|mercadorias|estoque|produtos|alimentos|vacinas|carga|cargas|insumos|materia-prima)\\b`,
    // Safety: health equipment, medicine, hazards.
    `\\b(?:vazamento de gas|cheiro de gas|vazando gas|pegou fogo|pegando fogo|(?<!extintor de |extintores de |seguro de |seguro contra |alarme de |alarmes de )incendio|fumaca|curto-?circuito|choque eletrico|levou (?:um )?choque|(?<!\\b(?:nenhum|nenhuma|nenhum dos|sem|nao deixou|nao deixaram|nao ficou|nao tem) )fio desencapado|(?<!\\b(?:nenhum|nenhuma|nenhum dos|sem|nao deixou|nao deixaram|nao ficou|nao tem) )(?:fios?|cabos?|poste|transformador)(?: \\w+){0,3} (?:soltos?|caidos?|expostos?|rompidos?|partidos?|desencapados?|soltando faisca|pegando fogo|estourou|explodiu)|poste caido|faisc\\w*|cheiro de queimado|derret(?:eu|endo)|reacao alergica|passei mal|passou mal|(?:fui|foi|fomos) parar no hospital|hospitalizad[oa]|explodiu|explosao|(?:pres[oa]s?|parou|travou|parado|travado) (?:\\w+ ){0,5}(?:no|dentro do) elevador|elevador (?:\\w+ ){0,8}(?:dentro|pres[oa]s?)|(?:cheiro|chiado|vazamento) (?:\\w+ ){0,4}(?:de )?gas|gas (?:\\w+ ){0,6}(?:cheiro|chiado|vazando|vaza)|agua (?:\\w+ ){0,5}(?:quadro de (?:forca|luz|energia|disjuntores)|fiacao|tomadas?)|(?:agua|infiltracao|goteira)\\s+(?:\\w+\\s+){0,3}?(?:escorrendo|vazando|pingando|entrando|subindo|molhando|caindo)\\s+(?:\\w+\\s+){0,5}?(?:quadro de (?:forca|luz|energia|disjuntores)|relogio de (?:luz|energia)|medidor de (?:luz|energia)|padrao de (?:luz|energia)|disjuntor\\w*|fiacao|tomadas?)|(?:remedio|medicamento)s? (?:\\w+ ){0,6}(?:vencid|violad|trocad|adulterad)\\w*|risco de vida|risco de morte|em perigo|intoxica\\w+|queimadura|queimou (?:a|o|minha|meu) (?:mao|pele|braco|perna|rosto))\\b`,
    // English and Spanish.
    `\\b(?:losing (?:sales|customers|money|business)|business is down|can'?t (?:sell|operate|work)|gas leak|oxygen|perdiendo (?:ventas|clientes|dinero)|negocio parado)\\b`,
  ].join('|'),
);
/**
 * Issue 32's WhatsApp wording: sales or orders lost, the work floor stopped, hazards told plainly
 * (a "não" in the gap denies it: "o botijão não está vazando"). Not in a content message.
 */
const BUSINESS_CHAT = re(
  [
    `\\b(?:perdendo|perdi|perdemos|perder)\\s+(?:\\w+\\s+){0,2}(?:pedidos?|vendas?|clientes?|encomendas?|corridas?|o dia(?: todo)?|o movimento|a feira|o evento)\\b|\\bzero (?:vendas?|pedidos?)\\b|\\b(?:cozinha|producao|salao|frota|caminhoes|obra|linha de producao|clinica|recepcao)\\s+(?:\\w+\\s+){0,2}parad[oa]s?\\b|\\b(?:cliente|clientes|pacientes|alunos|hospedes)\\s+(?:\\w+\\s+){0,2}(?:indo embora|parad[oa]s|sem (?:atendimento|conseguir))\\b|\\bsem salario\\b`,
    `\\b(?:cheir(?:o|ando|a) (?:a |de )?gas|medo de explodir|vai explodir|passando mal|falta de ar|(?:remedio|medicamento|vacina)s? errad[oa]s?|veneno|incubadora|nebuliza\\w*|choque na|(?:fios?|cabos?) (?:\\w+ ){0,3}(?:pendurad[oa]s?|baixinhos?|encostando|soltando faisca|dando (?:uns )?estalos|estalando))\\b|\\balergic[oa]s?\\b.{0,120}\\b(?:inchad[oa]|inchando|inchou|passando mal|falta de ar|vomit\\w*|hospital|pronto-? ?socorro|manchas)\\b`,
    `\\b(?:(?:caiu|cairam|tombou|despencou)(?: (?!nao\\b)\\w+){0,2} (?:poste|postes|fios?|cabos? de (?:luz|energia|forca))|(?:poste|postes|transformador)(?: (?!nao\\b)\\w+){0,2} (?:caiu|cairam|tombou|despencou|tombad[oa])|(?:fios?|cabos?)(?: (?!nao\\b)\\w+){0,2} (?:no chao|arrastando|na calcada)|(?:botijao|bujao|mangueira do gas|registro do gas)(?: (?!nao\\b)\\w+){0,2} (?:vazando|vaza|vazou|com vazamento|chiando))\\b`,
  ].join('|'),
);
/** Who lives from their own trade: "sou lojista", "tenho uma padaria", "sou motorista de aplicativo". */
const OWN_TRADE = re(
  `\\b(?:sou (?:lojista|comerciante|vendedor[a]? autonom[oa]|motorista de (?:aplicativo|app|uber)|entregador[a]? de (?:aplicativo|app)|(?:pequen[oa]|micro) ?(?:empreendedor[a]?|empresari[oa])|microempreendedor[a]?|mei|autonom[oa])|tenho (?:uma|um) (?:loja|lojinha|padaria|lanchonete|restaurante|salao|mercadinho|mercado|comercio|negocio|oficina|barbearia|hamburgueria|pizzaria|clinica|empresa|delivery|food ?truck|distribuidora)|dependo disso|vivo disso|trabalho com isso)\\b`,
);
/** Their trade stopped or losing now. */
const TRADE_STOPPED = re(
  `\\b(?:sem (?:receber|conseguir|vender|pegar|atender|trabalhar|internet|sistema|luz|energia|sinal)|nao (?:\\w+ )?(?:consigo|conseguimos|estou conseguindo) (?:vender|trabalhar|receber|pegar|atender|abrir)|zerad[oa]|perder tudo|vai perder|vou perder|perdendo|parou|pararam|parad[oa]|fora do ar|fechou (?:minha|a) loja|travad[oa]|caiu agora|energia caiu|luz caiu)\\b`,
);

/** Health equipment and treatments: at risk only with a problem near ("quanto custa o concentrador?" is a question). */
const MEDICAL = re(
  `\\b(?:oxigenio|respirador|aparelho respiratorio|cpap|bipap|aparelho de respirar|aparelho de respiracao|nebulizador|bomba de infusao|concentrador|hemodialise|dialise|insulina|quimioterapia|marca-?passo|home care|acamad[oa]|uti|remedio controlado|medicamento controlado|remedios? de uso continuo)\\b`,
);

/** Someone fell ill or was hurt by what they ate or drank ("comeu o nuggets e vomitou", "mordeu e quebrou o dente"). */
const HARMED = re(
  `\\b(?:vomit\\w*|diarreia|febre|passaram mal|passamos mal|passou mal|passando mal|intoxica\\w+|pronto-? ?socorro|(?:no|pro|ao|para o) ps|(?:na|pra|para a) upa|(?:parar|levar|levei|levamos|correr|corri|corremos) (?:\\w+ ){0,2}(?:no|pro|ao|para o) hospital|(?:passei|passamos|passou|acabei|acabou|acabamos|parei|parou|paramos) (?:\\w+ ){0,3}no hospital|desidrata\\w*|(?:quebrou|quebrei|trincou|trinquei) (?:o|um|meu) dente|engasg\\w+|glicose (?:foi|subiu|disparou))\\b`,
);
const CONSUMED = re(
  `\\b(?:comeu|comeram|comi|comemos|comer|bebeu|beberam|bebi|mordeu|mordi|ingeriu|engoliu|marmita|lanche|comida|leite|papinha|racao|refeicao|pedido)\\b`,
);
/** Glass, metal or insects in food, said so (a hair is a routine complaint). */
const FOREIGN = `(?:larvas?|cacos? de vidro|vidro quebrado|estilhac\\w+|(?:pedaco|pedacinho|lasca|caco) de (?:metal|vidro|plastico|ferro|arame)|grampo|prego|parafuso|baratas?|insetos?|lagartas?|lesmas?|rato|fezes)`;
const FOOD = `(?:acai|arroz|marmita|lanche|comida|pao|pizza|salada|feijao|biscoito|bolacha|bolo|sorvete|iogurte|leite|suco|carne|frango|hamburguer|sanduiche|prato|refrigerante|cerveja|sopa|doce|chocolate|racao|pastel|coxinha|esfiha|macarrao|pao de queijo|refeicao)`;
const FOREIGN_BODY = re(
  `\\b${FOREIGN}\\b(?:\\s+\\w+){0,3}?\\s+(?:no|na|dentro d[oa]|no meio d[oa]|misturad[oa] (?:no|na|ao|a))\\s+(?:\\w+\\s+){0,2}?${FOOD}\\b|\\b${FOOD}\\b(?:\\s+\\w+){0,4}?\\s+(?:tinha|veio com|cheio de|cheia de)\\s+(?:um |uma |uns |umas )?(?:\\w+ )?${FOREIGN}\\b`,
);
/** A car part that failed on the road, or a hazard with people near. */
const HAZARD = re(
  [
    `\\b(?:freios?|pedal|rodas?|pneus?|direcao|motor|bateria|bujao)\\b(?:\\s+[\\w,]+){0,8}?\\s+(?:soltou|soltaram|se soltou|falhou|falharam|foi ate o fundo|travou|estourou|estufou|vazou|pegou fogo|desprendeu)\\b(?=.{0,120}\\b(?:rodovia|estrada|na br|br \\d+|marginal|acostamento|pista|avenida|viagem|em movimento|quase (?:bati|bateu|batemos|capot\\w+)|com (?:a gente|a familia|minha \\w+|meu \\w+|meus \\w+|minhas \\w+) dentro|banco de tras)\\b)`,
    `\\b(?:poste|postes|arvore|muro|marquise|portao|telhado|forro|teto|andaime|letreiro)\\b(?:\\s+[\\w-]+){0,5}?\\s+(?:esta |ta )?(?:inclinad[oa]|inclinando|envergad[oa]|(?:quase|parece que vai|com risco de|risco de) cair|tombando|caindo|pendurad[oa]|despencando|ameacando cair|prestes a cair|quase caiu|se soltou|desabou|desabando)\\b`,
    `\\b(?:quase|por pouco nao) (?:caiu em cima|cai em cima|atropel\\w+|(?:bati|bateu|batemos) (?:no|na|num|numa|em|com|de frente|o carro|a moto)|capot\\w+|eletrocut\\w+|se machucou|me machuquei|levou (?:um )?choque|levei (?:um )?choque|pegou fogo|explodiu)\\b|\\b(?:moto|motoqueiro|ciclista|crianca|idos[oa]|pedestre|alguem|pessoa|vizinh[oa]|morador[a]?) quase (?:caiu|cai|morreu|se machucou)\\b`,
    `\\b(?:prendeu|esmagou|machucou|cortou|feriu|queimou) (?:o |a )?(?:braco|mao|dedo|dedos|perna|pe|cabeca|rosto|olho) d(?:a|o) (?:dona|seu|sr|sra|senhor|senhora|minha|meu|crianca|menina|menino|filha|filho|bebe|vizinha|vizinho|moradora?)\\b|\\b(?:prendeu|esmagou|machucou|cortou|feriu|queimou) (?:o |a )?(?:meu|minha) (?:braco|mao|dedo|dedos|perna|pe|cabeca|rosto|olho)\\b|\\b(?:fecha|fechou|caiu|despencou) em cima d(?:as|os|a|o) (?:pessoas|gente|crianca|criancas|carro|moradores)\\b`,
    `\\belevador\\b(?:\\s+\\w+){0,6}?\\s+(?:prendeu|fecha em cima|fechou em cima|esmagou|despencou|desceu sozinho)\\b|\\btampa\\b(?:\\s+\\w+){0,3}?\\s+(?:gas|bueiro|esgoto)\\b(?:\\s+\\w+){0,3}?\\s+(?:solta|aberta|quebrada)\\b`,
    `\\b(?:botijao|bujao|mangueira do gas|registro do gas)\\b(?:\\s+(?!nao\\b)\\w+){0,6}?\\s+(?:assobiando|assoviando|apitando|chiando|vazando)\\b|\\bfios?\\b(?:\\s+(?!nao\\b)\\w+){0,6}?\\s+(?:encostando|soltando faisca|estalando|dando choque)\\b`,
  ].join('|'),
);
/** Stock or goods for the customer's shop held or not delivered ("o estoque da black ficou retido"). */
const STOCK_HELD = re(
  `\\b(?:estoque|mercadorias?|cargas?|produtos da (?:promocao|loja))\\b(?:\\s+[\\w"]+){0,10}?\\s+(?:ficou |ficaram |esta |estao )?(?:retid[oa]s?|parad[oa]s?|nao (?:foi|foram) entregues?|volt(?:ou|aram) (?:para|pro) (?:o )?(?:cd|deposito|centro de distribuicao|remetente)|nao chegou|nao chegaram|extraviad[oa]s?)\\b`,
);
const SHOP_CONTEXT = re(
  `\\b(?:loja|promocao|black friday|black|revenda|vender|venda|vendas|clientes|gerente)\\b`,
);

/** Payroll or suppliers' payments, when something failed with them. */
const PAYROLL = re(
  `\\b(?:folha de pagamento|pagamento dos (?:funcionarios|colaboradores|empregados|fornecedores)|salarios? dos (?:funcionarios|colaboradores|empregados)|payroll)\\b`,
);
const FAILED = re(
  `\\b(?:nao (?:\\w+ )?(?:foi|foram|caiu|cairam|entrou|processou|processad[oa]|saiu|consigo|conseguimos)|falh\\w+|erro|parad[oa]|travad[oa]|recusad[oa]|bloquead[oa]|atrasad[oa]|urgente|vence|failed)\\b`,
);

/** Someone vulnerable, and an essential service cut: "bebê com febre e sem energia". */
const VULNERABLE = re(
  `\\b(?:bebe|bebes|recem-? ?nascid[oa]|idos[oa]s?|gestante|gravida|crianca pequena|doente|deficiente|cadeirante|acamad[oa]|enferm[oa]|em tratamento|pos-? ?operatorio|operad[oa]|cirurgia|(?:minha|meu) (?:vo|avo|vovo|vozinha|vozinho|bisavo)|depend\\w+ d[eo] (?:aparelho|oxigenio|respirador|maquina|equipamento)s?)\\b`,
);
const ESSENTIAL_CUT = re(
  `\\b(?:sem|cortaram|corte d[ae]|desligaram|falta d[ae]|faltando|caiu|acabou)\\s+(?:a |o )?(?:energia|luz|agua|gas|telefone|linha)\\b|\\b(?:a |o )?(?:energia|luz|agua|gas) (?:cortou|caiu|acabou|foi cortad[oa]|foi desligad[oa])\\b`,
);

const TOOL_STOPPED = re(
  `\\b${BUSINESS_TOOL}\\b(?:\\s+[\\w,]+){0,5}?\\s+(?:esta |estao |ficou |ficaram )?${STOPPED}\\b`,
);

function businessImpact(folded: string, ctx: RuleContext): string | undefined {
  const m =
    firstMatch(folded, BUSINESS) ??
    (contentMessage(folded, ctx) ? undefined : firstMatch(folded, BUSINESS_CHAT));
  if (m) return m[0];
  const tool = firstMatch(folded, TOOL_STOPPED, (t) => {
    const rest = folded.slice(0, t.index) + folded.slice(t.index + t[0].length);
    return IMPACT_NEAR.test(rest);
  });
  if (tool) return tool[0];
  const cut = ESSENTIAL_CUT.test(folded);
  const asked = folded.trimEnd().endsWith('?');
  const medical = firstMatch(
    folded,
    MEDICAL,
    (m) =>
      cut ||
      (ctx.negative && !asked) ||
      /\b(?:precis\w+|depend\w+|urgente)\b/.test(around(folded, m, 80, 80)) ||
      PROBLEM_WORD.test(around(folded, m, 80, 80)),
  );
  if (medical) return medical[0];
  if (!contentMessage(folded, ctx)) {
    const harmed = firstMatch(folded, HARMED, (m) => CONSUMED.test(around(folded, m, 100, 60)));
    if (harmed) return harmed[0];
    const foreign = firstMatch(folded, FOREIGN_BODY);
    if (foreign) return foreign[0];
    const hazard = firstMatch(folded, HAZARD);
    if (hazard) return hazard[0];
    // Told, not asked: "sou lojista, a maquininha funciona sem internet?" is a question.
    const trade =
      folded.includes('?') || /\b(?:saber|pergunt\w+) se\b/.test(folded)
        ? undefined
        : firstMatch(folded, OWN_TRADE, (t) => TRADE_STOPPED.test(around(folded, t, 150, 150)));
    if (trade) return trade[0];
    const stock = ctx.negative && SHOP_CONTEXT.test(folded) ? firstMatch(folded, STOCK_HELD) : undefined;
    if (stock) return stock[0];
  }
  const cutMatch = cut ? firstMatch(folded, ESSENTIAL_CUT) : undefined;
  if (cutMatch && VULNERABLE.test(folded)) return cutMatch[0];
  return firstMatch(folded, PAYROLL, (p) => FAILED.test(around(folded, p, 80, 80)))?.[0];
}

// ---------------------------------------------------------------------------------------------
// ombudsman_or_misconduct: a supervisor or the ouvidoria; rude or dishonest staff.

const BOSS = any(
  'gerente(?! de (?:contas?|relacionamento))',
  'supervisor|supervisora|superior|superiores|responsavel|responsaveis|coordenador|coordenadora|diretor|diretora|diretoria|gestor|gestora|chefe|chefia|dono|dona da loja|gerencia|coordenacao|supervisao',
  'alguem (?:superior|responsavel|com autoridade|que resolva|que possa resolver|acima)',
  'manager|supervisor|someone in charge',
);
const BOSS_STRICT =
  '(?:(?<!\\bmeu |\\bminha )gerente(?! de (?:contas?|relacionamento))|supervisor|supervisora|superior|superiores|coordenador|coordenadora|diretor|diretora|diretoria|gestor|gestora|chefe|chefia|gerencia|coordenacao|supervisao)';
const SUPERVISOR = re(
  `\\b(?:contato|numero|telefone|e-?mail|nome) de quem (?:ta|esta|fica|manda) acima\\b|\\bquem (?:ta|esta|fica) acima (?:do|da|de) (?:atendimento|voce|vc|voces|sac|suporte)\\b|\\b(?:para|pra|ao|a) (?:o |a |um |uma |seu |sua |o seu |a sua |teu |tua |o teu |a tua |algum |alguma |qualquer )?${BOSS_STRICT}\\b|\\b(?:pra|para|com) (?:a |uma )?(?:pessoa|alguem) acima de (?:voce|vc|ti)\\b|\\balguem (?:superior|acima|responsavel|com (?:mais )?(?:autoridade|poder)|que (?:realmente )?(?:resolva|possa resolver|consiga resolver|decida|tenha poder))\\b|\\b(?:escalad[oa]|escalonad[oa]|escale|escalone|escalar|escalonar|escalem|escalonem)\\b|\\b(?:falar|fale|conversar|converse|contato|contatar|falo|passar|passe|passa|transferir|transfira|transfere|transferem|encaminhar|encaminhe|chamar|chame|chama|coloca|coloque)\\s+(?:com|para|pra|ao|a)?\\s*(?:o |a |um |uma |seu |sua |o seu |a sua |teu |tua |o teu |a tua )?${BOSS}\\b|\\b(?:quero|exijo|preciso|gostaria|solicito|peco|queria)\\s+(?:\\w+\\s+){0,4}(?:(?<!\\bmeu |\\bminha )gerente(?! de (?:contas?|relacionamento))|supervisor|supervisora|ouvidoria|diretoria|gerencia|supervisao|coordenacao|chefia)\\b|\\b(?:atendid[oa]|ouvid[oa]|tratad[oa]|resolvid[oa]) pel[oa] (?:${BOSS_STRICT})\\b|\\b(?:passa|passe|transfere|transfira|chama|chame|quero falar com|falar com|me coloca com) (?:pra |para |com )?quem (?:manda|decide|resolve|pode resolver|tem poder|e o responsavel|responde por)\\b|\\b(?:contato|numero|telefone|e-?mail|nome) d[eao] quem (?:manda|decide|resolve|responde|e o responsavel)\\b|\\balguem da (?:gerencia|diretoria|supervisao|coordenacao|chefia)\\b|\\bouvidoria\\b|\\binstancia superior\\b|\\b(?:speak|talk) (?:to|with) (?:a|the|your) (?:manager|supervisor)\\b|\\bhablar con (?:el|un|la|una) (?:gerente|supervisor|supervisora|encargad[oa])\\b|\\bombudsman\\b|\\b(?:speak|talk|escalate|transfer|put me through|connect me) (?:\\w+ ){0,3}(?:boss|superior|supervisor|manager|someone above|someone higher|higher up)\\b|\\bescalate (?:this|my (?:case|complaint|ticket))\\b|\\b(?:someone|somebody|anyone) (?:above|higher up than|senior to) you\\b|\\b(?:hablar|comunicarme|pasame|paseme|pasenme|comunicame|comuniqueme) (?:\\w+ ){0,3}(?:jefe|jefa|superior|supervisor|supervisora|gerente|encargad[oa]|responsable)\\b|\\balguien (?:por encima|superior|con mas autoridad)\\b`,
);
/** "tem algum supervisor aí?", "não tem um chefe nesse lugar, não?": asked for, in an unhappy message. */
const BOSS_ASKED = re(
  `\\b(?:pessoa|alguem) acima de (?:voce|vc|ti)\\b|\\b(?:um|algum|alguem) responsavel\\b(?:\\s+\\w+){0,4}?\\s+(?:me |nos )?(?:retorne|ligue|atenda|responda|procure|contate|resolva)\\b|\\b(?:nao )?(?:tem|existe|cade) (?:algum|alguma|nenhum|nenhuma|um|uma|o|a)? ?${BOSS_STRICT}\\b[^.!?\\n]{0,30}\\?|\\b(?:tem|existe) (?:algum|alguma|um|uma) (?:dono|dona|responsavel)\\b[^.!?\\n]{0,30}\\?`,
);
const STAFF = any(
  'veterinari[oa]|enfermeir[oa]|recepcionista|professor|professora|instrutor|instrutora|cabeleireir[oa]|garcom|garconete|porteiro|atendente|atendentes|funcionari[oa]s?|vendedor|vendedora|vendedores|tecnic[oa]s?|entregador|entregadora|motoboy|motorista|instalador|operador|operadora do sac|consultor|consultora|seguranca|gerente|supervisor|supervisora|moca|moco|rapaz|senhora|senhor|pessoa que me atendeu|colaborador|colaboradora|agente|representante|equipe',
  'agent|employee|staff|rep|technician|driver|cashier|installer|courier|waiter|waitress|receptionist|guard|salesman|saleswoman|guy|lady',
  'empleado|empleada|vendedor|cajer[oa]|repartidor|repartidora|chofer|conductor|conductora|mesero|mesera|camarer[oa]|recepcionista|encargad[oa]|guardia|tecnico',
);
const RUDE = any(
  'brutalidade|grosseir[oa]s?|grosso|grossa|grossos|grossas|grosseria|mal-? ?educad[oa]s?|estupid[oa]s?|estupidez|rude|ignorante|arrogante|debochad[oa]|deboche|agressiv[oa]|desrespeitos[oa]|sem educacao|mal criad[oa]|malcriad[oa]|desonest[oa]|mentiros[oa]|bebad[oa]|embriagad[oa]',
  'rude|disrespectful|insulting|aggressive|grosero|grosera|maleducad[oa]|prepotente|irrespetuos[oa]|insolente',
);
/** Issue 32's fifth pass, in an unhappy message only: drunk or mocking staff, a possession gone after a visit. */
const MISCONDUCT_CHAT = re(
  `\\b${STAFF}\\b(?:\\s+\\w+){0,6}?\\s+(?:cheirando|com cheiro|fedendo) (?:de |a )?(?:cachaca|pinga|bebida|alcool|cerveja|maconha)\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,4}?\\s+(?:fez|fizeram|fazendo|ficou fazendo) (?:piada|piadinha|chacota) (?:com|d[aeo])\\b|\\b(?:no maior|cheio de|cheia de|num tom de) deboche\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,4}?\\s+(?:deu (?:uma )?risadinha|riu|riram|debochou|zombou)\\b(?! (?:comigo|junto|com a gente|conosco))|\\bsumi(?:u|ram) (?:meu|minha|meus|minhas) \\w+(?:\\s+\\w+){0,10}?\\s+depois (?:que|q) (?:o |a )?${STAFF}\\b|\\b(?:leu|falou|gritou|anunciou|comentou) (?:\\w+ ){0,3}(?:resultado|exame|diagnostico|divida|doenca)\\b(?:\\s+\\w+){0,4}?\\s+(?:em voz alta|na frente de todo)|\\bo unico (?:preto|negro)\\b(?=.{0,60}\\b(?:segui\\w*|atras de mim|revist\\w+|mochila|bolsa)\\b)|\\bso (?:porque|pq) (?:eu )?(?:sou|era) (?:preto|preta|negro|negra)\\b|\\b(?:deu|dando|deram) (?:um )?role com (?:meu|minha|o meu|a minha) (?:carro|moto)\\b`,
);
/** Asking for a supervisor to praise someone, or whether an ouvidoria exists: not a grievance. */
const NOT_A_COMPLAINT = re(
  `\\b(?:elogi\\w+|parabeniz\\w+|agradecer|curiosidade)\\b|\\b(?:tem|existe|possuem) (?:uma )?ouvidoria\\b[^.!]{0,40}\\?`,
);
const MISCONDUCT = re(
  `\\bsumi(?:u|ram) (?:um|uma|meu|minha|meus|minhas|dois|duas|\\d+)\\b.{0,60}\\bdepois (?:que|q) (?:a equipe|o tecnico|os tecnicos|o montador|os montadores|o entregador|o instalador|os instaladores|a faxineira|a diarista|o pessoal)\\b|\\bperguntando se eu (?:tinha|tenho|era|sou) (?:namorad\\w*|casad\\w*|solteir\\w*)\\b|\\bme (?:cantou|cantando|assediou|assediando|assediaram)\\b|\\bbafo de (?:cachaca|pinga|bebida|alcool|cerveja)\\b|\\b${STAFF}\\b(?:\\s+[\\w,]+){0,6}?\\s+acendeu (?:um )?cigarro\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,4}?\\s+com (?:uma |tanta |muita )?(?:brutalidade|grosseria|estupidez|ignorancia|deboche|falta de respeito)\\b(?! (?:minha|meu|nossa|nosso)\\b)|\\b${STAFF}\\b(?:\\s+[\\w,]+){0,6}?\\s+(?:foi|estava|era|e|foram|estavam|muito|extremamente|super|bem|was|were|fue)\\s+(?:\\w+\\s+)?${RUDE}\\b|\\b(?:me tratou|me trataram|fui tratad[oa]|tratou|trataram)\\s+(?:\\w+\\s+){0,2}(?:mal|com (?:grosseria|desprezo|descaso|ignorancia|deboche|falta de respeito)|aos gritos|como lixo)\\b|\\b(?:riu|riram|rindo|debochou|debocharam|zombou|zombaram) (?:da minha cara|de mim|do meu problema|da minha situacao)\\b|\\b(?:gritou|gritaram|gritando) comigo\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,3}?\\s+me (?:chamou|chamaram) de\\b(?!\\s+(?:senhor|senhora|sr|sra|dona|doutor|doutora|querid[oa]|amig[oa]|cliente|voce|pelo nome|meu nome|volta|novo))|\\b(?:cobrou|cobraram|pediu|pediram) (?:\\w+ ){0,3}(?:por fora|propina|gorjeta obrigatoria|pra (?:resolver|agilizar|adiantar) mais rapido)\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,3}?\\s+(?:mentiu|mentiram|me enganou|me enganaram|inventou|inventaram|me ignorou|me ignoraram|zombou|zombaram|debochou|debocharam|riu|riram)\\b(?! (?:comigo|junto|com a gente|conosco))|\\b(?:fui|fomos|sendo)\\s+(?:\\w+\\s+)?(?:mal ?tratad[oa]s?|maltratad[oa]s?|humilhad[oa]s?|desrespeitad[oa]s?|ofendid[oa]s?|xingad[oa]s?|ameacad[oa]s?|assediad[oa]s?|destratad[oa]s?)\\b|\\b(?:me )?(?:xingou|xingaram|ofendeu|ofenderam|humilhou|humilharam|ameacou|ameacaram|assediou|assediaram|destratou|destrataram|desrespeitou|desrespeitaram)\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,3}?\\s+(?:abriu (?:minha|meu|a|o) (?:encomenda|pacote|pedido|caixa|lanche|comida)|violou|comeu|fumou|fumando|bebeu|bebendo|chegou bebad[oa]|estava bebad[oa]|cuspiu|urinou|fez xixi|sujou tudo|deixou (?:tudo sujo|sujeira|bituca)|entrou sem (?:permissao|autorizacao|pedir)|mexeu (?:nas|nos|em) (?:minhas|meus)|assediou|passou a mao)\\b|\\b(?:bateu o telefone|desligou na minha cara|desligaram na minha cara|desligou o telefone na minha cara)\\b|\\b(?:grosseria|assedio|racismo|racista|homofobi\\w+|machista|discrimina\\w+|preconceito)\\b|\\b(?:roubou|roubaram|furtou|furtaram|sumiu com|mexeu nas minhas|mexeram nas minhas)\\b(?=.*\\b(?:tecnic|entregador|funcionari|instalador|motoboy|atendente)\\w*)|\\b(?:was|were) (?:rude|disrespectful|insulting|aggressive) to me\\b|\\b(?:yelled|shouted|laughed) at me\\b|\\bhung up on me\\b|\\bse burl(?:o|aron) de mi\\b|\\b(?:insulted|cursed at|swore at|mocked|humiliated|threatened|harassed|disrespected) (?:me|us|my \\w+)\\b|\\b(?:treated|talked to|spoke to) (?:me|us) like (?:garbage|trash|dirt|an idiot|a criminal|a thief)\\b|\\b${STAFF}\\b(?:\\s+\\w+){0,3}?\\s+(?:was|were|came|showed up) (?:drunk|smoking)\\b|\\bsmoking (?:inside|in) (?:my|our) (?:house|home|apartment|flat|car|kitchen)\\b|\\b(?:me|nos) (?:insulto|insultaron|grito|gritaron|maltrato|maltrataron|humillo|humillaron|amenazo|amenazaron|falto el respeto|faltaron el respeto|acoso|acosaron|ofendio|ofendieron)\\b|\\b(?:me|nos) (?:trato|trataron) (?:muy )?(?:mal|como (?:basura|un perro|un idiota|una idiota|delincuente))\\b|\\b(?:estaba|vino|llego) (?:borracho|borracha|drogado|drogada|fumando)\\b`,
);

// ---------------------------------------------------------------------------------------------
// misleading_sale: "me venderam dizendo que não tinha fidelidade".

/** What the seller said (it needs a contradiction nearby: "…e agora cobram multa"). */
const SALES_CLAIM = re(
  [
    `\\b(?:me |nos )?(?:garantiram|disseram|falaram|prometeram|informaram|afirmaram|juraram|ofereceram|anunciaram|garantiu|disse|falou|prometeu|informou|afirmou|ofereceu|anunciou)\\s+(?:que\\s+)?(?:\\w+\\s+){0,6}?(?:gratis|gratuit[oa]|sem (?:custo|taxa|fidelidade|multa|juros|anuidade|carencia|mensalidade)|ilimitad[oa]|para sempre|pra sempre|(?:anuidade|taxa|juros|mensalidade|frete) zero|vitalici[oa]|inclus[oa]|incluid[oa]|nao tinha|nao teria|nao havia|nao cobra\\w*|nao pagaria|isent[oa]|de graca|cancelar quando quisesse|sem compromisso)\\b`,
    `\\b(?:o |a )?(?:anuncio|propaganda|site|oferta|promocao|panfleto|folheto|contrato|vendedor|vendedora)\\s+(?:\\w+\\s+)?(?:dizia|falava|prometia|informava|anunciava|garantia|mostrava|(?:era|eram) (?:sem|gratis|gratuit\\w+|ilimitad\\w+|de graca|inclus\\w+|isent\\w+|24 ?h|24 horas|vitalici\\w+|para sempre))\\b`,
    `\\b(?:me |nos )?vend(?:eram|eu|ido|ida)\\s+(?:\\w+\\s+){0,5}?(?:dizendo|falando|afirmando|garantindo|prometendo|com a promessa|como se|como|alegando|informando)\\b`,
    `\\b(?:me |nos )?(?:disseram|falaram|garantiram|prometeram|informaram|afirmaram|juraram|disse|falou|garantiu|prometeu)\\s+(?:\\w+\\s+){0,6}?(?:na loja|na venda|na compra|na contratacao|no balcao|no stand|no quiosque|no telefone|quando (?:comprei|contratei|assinei|fechei|aderi))\\b`,
    `\\bquando (?:comprei|contratei|assinei|fechei|aderi)\\b(?:\\s+[\\w,]+){0,5}?\\s+(?:me |nos )?(?:disseram|falaram|garantiram|prometeram|informaram|afirmaram)\\b`,
    `\\b(?:o |a )?(?:vendedor|vendedora|consultor|consultora|corretor|corretora|representante comercial|promotor|promotora)\\s+(?:\\w+\\s+)?(?:disse|falou|garantiu|prometeu|afirmou|informou|jurou|me disse|me falou|me garantiu|me prometeu)\\b`,
    `\\b(?:na|no|durante a|no momento da|na hora da|no ato da|quando fiz a|quando fechei a) (?:venda|compra|contratacao|assinatura|adesao)\\s+(?:\\w+\\s+){0,3}(?:disseram|falaram|garantiram|prometeram|informaram|me disseram|me falaram|me garantiram|me prometeram)\\b`,
    `\\b(?:they told me|the (?:salesman|seller|rep) (?:said|told|promised))\\b|\\bme vendieron\\b`,
  ].join('|'),
);
const PRODUCT_CLAIM = re(
  `\\b(?:me |nos )?(?:garantiram|disseram|falaram|prometeram|juraram|afirmaram|garantiu|disse|falou|prometeu|jurou|afirmou)\\s+(?:\\w+\\s+){0,2}?que (?:\\w+\\s+){0,2}?(?:era|eram|tinha|tinham|vinha|vinham|dava|davam|cobria|cobriam|incluia|seria|teria|podia|aguentava|funcionava)\\b`,
);
/** The seller's claim denied later: "…e agora dizem que não cobre", "agora tem multa". */
const DENIED = re(
  `\\b(?:abri|abrimos|abriu)\\b(?:\\s+\\w+){0,3}?\\s+e (?:nao (?:tinha|era|veio|tem|estava|tava)|so (?:tinha|veio|tem)|(?:tinha|tava|estava|veio) (?:\\w+ )?(?:digital|digitais|arranh\\w+|marcas?|defeito|riscos?|riscad\\w+|usad[oa]|uso|sujeira|manchas?|quebrad\\w+|aberto|aberta|violad[oa]))\\b|\\b(?:agora|depois|so que|mas)\\s+(?:\\w+\\s+){0,3}?(?:dizem|falam|alegam|informam|disseram|falaram|responderam) (?:que )?(?:nao|tem multa|e cobrad|precisa pagar)\\b|\\b(?:e|mas) agora (?:tem|cobram|querem cobrar|vem) (?:multa|taxa|cobranca)\\b`,
);
const CONTRADICTION = re(
  `\\b(?:mas|porem|so que|agora|e nao|nao e|nao era|nao tem|nao tinha|na verdade|mentira|cobram|cobraram|cobrando|multa|veio|vem|tem sim|tinha sim|entreg\\w*|so (?:tem|vem|chega|funciona|durou|dura)|apenas|somente|recebo|recebi|olha (?:a|o|ai|so)|apareceu|aparece|fecha (?:as|antes|cedo|mais cedo|a noite)|but|now|pero|ahora)\\b`,
);
/**
 * Issue 32's wording: what an ad, a menu, a photo or a seller showed ("o cardápio mostrava 12 e
 * vieram 8"). It needs a mark of a mismatch, not just what came; not in a content message.
 */
const SALES_SHOWN = re(
  [
    `\\b(?:anuncio|propaganda|cardapio|foto|fotos|site|catalogo|vitrine|panfleto|banner|oferta|no anuncio|na propaganda|na foto|no site)\\s+(?:\\w+\\s+){0,3}(?:mostrava|mostra|dizia|diz|falava|prometia|tinha|era|estava escrito)\\b`,
    `\\b(?:me |nos )?(?:jurou|juraram|garantiu|garantiram|disse|disseram|falou|falaram|ofereceram|ofereceu|anunciaram|anunciou|vendeu|venderam)\\s+(?:\\w+\\s+){0,4}?(?:que |q |como |falando que |dizendo que )(?:\\w+\\s+){0,4}?(?:era|eram|tinha|tinham|dava|davam|seria|vinha|vinham|estava|incluia|custava)\\b`,
  ].join('|'),
);
const MISMATCH = re(
  `\\b(?:mas|porem|so que|nao|nunca|na verdade|mentira|diferente|menor|menos|so (?:tem|tinha|vem|veio|vieram|chegou|chegaram)|apenas|somente|cobr\\w+|multa)\\b`,
);
/** Statements that are misleading-sale claims by themselves. */
const MISLEADING = re(
  [
    `\\b(?:propaganda|publicidade|venda|oferta|anuncio|informacao|promessa)s?\\s+(?:\\w+\\s+)?(?:enganos[oa]s?|falsa?s?|mentiros[oa]s?)\\b`,
    `\\b(?:fui|fomos|me senti|nos sentimos)\\s+(?:\\w+\\s+)?enganad[oa]s?\\b|\\bme enganaram\\b|\\bnos enganaram\\b|\\binduzi\\w+ (?:ao|a) erro\\b`,
    `\\bnao (?:me )?(?:informaram|avisaram|disseram|falaram|explicaram)\\s+(?:\\w+\\s+){0,4}(?:fidelidade|multa|taxa|tarifa|carencia|juros|anuidade|reajuste|mensalidade)\\b`,
    `\\b(?:taxa|multa|fidelidade|tarifa|juros|anuidade|cobranca|carencia)s?\\s+(?:\\w+\\s+){0,2}que (?:ninguem|nao|nunca) (?:me |nos )?(?:informou|informaram|avisou|avisaram|disse|disseram|falou|falaram|explicou|explicaram|mencionou|mencionaram)\\b`,
    `\\b(?:taxa|cobranca|multa|tarifa|clausula|custo)s?\\s+(?:escondid[oa]s?|ocult[oa]s?|nao informad[oa]s?)\\b|\\bletras? miudas?\\b`,
    `\\b(?:diferente|diferente do que|nao e o que|nao era o que)\\s+(?:foi\\s+)?(?:prometid[oa]|contratad[oa]|combinad[oa]|vendid[oa]|ofertad[oa]|me venderam|me prometeram|me ofereceram)\\b`,
    `\\b(?:me|nos) empurraram\\b|\\bempurraram (?:um|uma) (?:seguro|servico|plano|pacote|cartao|produto)\\b|\\b(?:incluiram|colocaram|adicionaram)\\s+(?:\\w+\\s+){0,2}(?:seguro|servico|pacote|plano|assinatura)\\s+(?:\\w+\\s+){0,4}sem\\b`,
    `\\b(?:me |nos )?vend(?:eram|eu)\\s+(?:\\w+\\s+){0,6}?(?:que nao (?:existe|existem|tem|tinha|funciona|funcionam|cobre|cobria|inclui|incluia|era|estava|vem|veio)|inexistentes?)\\b`,
    `\\bvenda casada\\b|\\b(?:me|nos) (?:obrigaram|forcaram) a (?:levar|comprar|contratar|assinar|aceitar|pagar)\\b`,
    `\\b(?:misleading|false advertising|mis-?sold)\\b|\\bpublicidad enganosa\\b`,
    `\\bna hora de (?:vender|fechar|assinar|contratar|comprar)\\b.{0,60}\\b(?:agora|depois|mas|so que)\\b`,
    `\\b(?:me|nos) (?:enrolaram|engambelaram|ludibriaram|iludiram|passaram a perna)\\b(?=.{0,40}\\b(?:venda|vender|comprar|compra|contratar|assinar|fechar|plano|contrato)\\b)|\\b(?:so|apenas) (?:pra|para) (?:vender|fechar (?:a|o) (?:venda|negocio|contrato))\\b`,
    `\\b(?:disseram|falaram|garantiram|prometeram|juraram|anunciaram|dizia|diziam)\\s+(?:\\w+\\s+){0,5}?(?:era|eram|seria|vinha|viria) (?:\\w+ )?(?:novo|nova|novos|novas|original|originais|lacrad[oa]s?)\\b.{0,80}\\b(?:usad[oa]s?|recondicionad[oa]s?|seminov[oa]s?|falsificad[oa]s?|replicas?|paralel[oa]s?|pirata|violad[oa]s?)\\b`,
  ].join('|'),
);

/** Where a seller's word was given: the shop, the sale, the ad. */
const SALE_CONTEXT = re(
  `\\b(?:loja|vendedor\\w*|venda|vender|comprei|compra|contratei|contratacao|assinei|anuncio|propaganda|site|oferta|promocao|stand|quiosque)\\b`,
);
const ITEM_CLAIM = re(
  `\\b(?:me |nos )?(?:garantiram|disseram|falaram|prometeram|juraram|afirmaram|garantiu|disse|falou|prometeu|jurou|afirmou)\\s+(?:\\w+\\s+){0,2}?que (?:\\w+\\s+){1,3}?(?:vinha|vinham|viria|tinha|tinham|incluia|era|eram)\\s+com\\b`,
);
const ONLY_CAME = re(
  `\\b(?:so|apenas|somente) (?:tem|tinha|veio|vieram|chegou|vem)\\b|\\bnao (?:tem|tinha|veio|vieram|vem)\\b|\\bsem (?:o|a|os|as)\\b`,
);

/**
 * The seller's word asked to be confirmed ("o vendedor falou que vem com capa, procede?") or praised
 * ("o vendedor me explicou direitinho"), with nothing said to have broken it: no misleading sale yet.
 */
const CLAIM_CHECKED = re(
  `\\b(?:procede|confere|e isso mesmo|e verdade|(?:queria|quero|so|pra|para|pode|poderia|consegue|consegue me) confirm\\w*|so (?:conferindo|checando)|confirma (?:pra mim|isso|ai))\\b|\\b(?:me )?explic(?:ou|aram) (?:tudo |direitinho|certinho|muito bem|tim tim)`,
);
const CLAIM_BROKEN = re(
  `\\b(?:mas (?:veio|chegou|nao|so|no contrato|na fatura|no app|no site)|(?:e|era|veio|ativaram|instalaram) outr[oa]|veio sem|chegou sem|nao (?:veio|tem|tinha|vem|chegou|cobre|inclui)|so (?:veio|tem|tinha)|cobra\\w*|mentir\\w*|engan\\w*|agora (?:dizem|falam))\\b`,
);

function misleadingSale(folded: string, ctx: RuleContext): string | undefined {
  if (CLAIM_CHECKED.test(folded) && !CLAIM_BROKEN.test(folded)) return undefined;
  const item = firstMatch(
    folded,
    ITEM_CLAIM,
    (m) => ONLY_CAME.test(around(folded, m, 0, 160)) && SALE_CONTEXT.test(around(folded, m, 80, 160)),
  );
  if (item) return item[0];
  const claim =
    firstMatch(folded, SALES_CLAIM, (m) => CONTRADICTION.test(around(folded, m, 0, 120))) ??
    (contentMessage(folded, ctx)
      ? undefined
      : firstMatch(folded, SALES_SHOWN, (m) => MISMATCH.test(around(folded, m, 0, 120))));
  const denied = firstMatch(folded, PRODUCT_CLAIM, (m) => DENIED.test(around(folded, m, 0, 160)));
  return claim?.[0] ?? denied?.[0] ?? firstMatch(folded, MISLEADING)?.[0];
}

// ---------------------------------------------------------------------------------------------

interface RuleContext {
  readonly negative: boolean;
  readonly positiveOnly: boolean;
  readonly maxWaitMinutes: number | undefined;
  /** How many other rules fired before this one (a churn threat next to another signal is tied to it). */
  readonly otherSignals: number;
}

type Rule = (folded: string, ctx: RuleContext, original: string) => string | undefined;

/** The rules in the policy's order; churn_threat runs last so it can see the others. */
const RULES: ReadonlyArray<readonly [EscalationReason, Rule]> = [
  ['repeated_contact', repeatedContact],
  ['long_wait', longWait],
  ['regulator_complaint', (f, _c, o) => REGULATOR.exec(f)?.[0] ?? (ANS.test(o) ? 'ans' : undefined)],
  ['legal_action', (f) => firstMatch(f, LEGAL)?.[0]],
  ['public_exposure', (f, c) => publicExposure(f, c)],
  ['financial_harm', financialHarm],
  ['business_impact', businessImpact],
  [
    'ombudsman_or_misconduct',
    (f, c) =>
      (NOT_A_COMPLAINT.test(f)
        ? undefined
        : (firstMatch(f, SUPERVISOR)?.[0] ?? (c.negative ? firstMatch(f, BOSS_ASKED)?.[0] : undefined))) ??
      firstMatch(f, MISCONDUCT)?.[0] ??
      (c.negative ? firstMatch(f, MISCONDUCT_CHAT)?.[0] : undefined),
  ],
  ['misleading_sale', misleadingSale],
  ['churn_threat', churnThreat],
];
/** The order reasons are reported in: the policy's table, as the contracts list the codes. */
const ORDER = ESCALATION_REASONS;

/**
 * Reasons a name alone can trigger (Procon, a lawyer, Reclame Aqui, the ouvidoria): named calmly
 * they are no threat — said to be beside the point ("só curiosidade", "nada a ver com vocês",
 * "nem precisei reclamar"), in praise ("vi no Reclame Aqui que vocês respondem, adorei"), or, but
 * for the ouvidoria, in a plain question about the body itself ("o Procon abre sábado?").
 */
const NAMED_ONLY: ReadonlySet<EscalationReason> = new Set([
  'regulator_complaint',
  'legal_action',
  'public_exposure',
  'ombudsman_or_misconduct',
]);
/** Beside the point: only for a message that is not negative ("Procon já tem meu caso. Só curiosidade, …"). */
const OFF_TOPIC = re(
  `\\b(?:(?:so|e|eh|por|mera|pura) curiosidade|nada a ver com (?:voces|a empresa|a loja|o banco|isso)|(?:de|com|numa|em) outr[oa] (?:loja|empresa|lugar|banco|operadora)|outra coisa|outro assunto|trabalho (?:da|de) (?:faculdade|escola))\\b`,
);
/** A lawyer as who one is or who asks ("sou advogado da sra. …", "minha advogada quer saber…"), with no step threatened. */
const LAWYER_SELF = re(
  `\\b(?:sou (?:o |a )?advogad[oa]|(?:meu|minha) advogad[oa] (?:quer saber|pediu|precisa|solicitou|perguntou)|escritorio de advocacia|(?:levar|leva|trazer) (?:o |a )?(?:meu|minha) advogad[oa]|(?:meu|minha) advogad[oa] (?:\\w+ )?(?:ler|leia|revisar|revise|olhar|olhe|analisar|analise|conferir|confira))\\b`,
);
/** A lawyer's demand: "sob pena de medidas judiciais", "pretende ajuizar ação". */
const LEGAL_THREAT = re(
  `\\b(?:sob pena|medidas? (?:judicia|legais|cabiveis)\\w*|ajuiz\\w+|acao|processo|processar|danos morais|notifica\\w+|extrajudicial|liminar|indeniza\\w+|prazo)\\b`,
);
/** The step itself denied: "nem precisei reclamar", "não vou processar ninguém". */
const NO_STEP = re(
  `\\b(?:(?:tem que|tenho que|vou|preciso|pra|para) fazer justica|justica seja feita|seja feita a justica|nem (?:precisa|precisou|precisei) de (?:procon|advogad\\w+|justica|processo|reclame aqui|reclamar)|achei (?:que|q) (?:ia|iria|fosse) (?:ter (?:que|de) |precisar )|nem (?:precisei|precisou|pensei|penso|cheguei)|(?:nao|nem) (?:vou|vai|quero|pretendo|precisei|precisa|precisou) (?:\\w+ ){0,2}(?:processar|reclamar|denunciar|postar|expor|acionar|registrar|ir (?:no|ao|na))|(?:ja|quase) ia (?:reclamar|postar|no|ao))\\b`,
);
/** A first-person step towards the body ("vou no Procon", "já registrei", "vou ter que…"). */
const STEP = re(
  `\\b(?<!\\b(?:nao|nem) )(?:vou|vamos|irei|iremos|vai ter que|ja (?:fui|fiz|abri|registrei|entrei|liguei|acionei|denunciei|procurei|postei|mandei)|acabei de|estou indo|indo (?:no|ao|na)|registr(?:ar|ei|o|ad[oa]|ando)|denunci(?:ar|ei|o|ad[oa]|ando)|acion(?:ar|ei|o|ad[oa]|ando)|process(?:ar|o voces|arei|ando)|(?:cuid|post|public)ando|entrar com|entro com|entramos com|abrir (?:uma )?(?:reclamacao|queixa|processo|acao)|prazo|senao|se nao (?:resolver|devolver|responder))\\b`,
);
/** A student's paper about the body: however the body's name weighs in the sentiment, no step. */
const STUDYING = re(
  `\\b(?:tcc|monografia|dissertacao|trabalho (?:da|de) (?:faculdade|escola)|pesquisa academica)\\b`,
);
/** "eu tinha reclamado no Reclame Aqui, mas hoje o atendimento tá outro nível": a step left behind. */
const COMPLAINT_BEHIND = re(
  `\\b(?:tinha|ja tinha|cheguei a|ate) (?:reclamado|postado|registrado|aberto|denunciado|acionado)\\b.{0,80}?\\b(?:mas|porem)\\b.{0,60}?(?<!\\b(?:nao|nem|nada|nunca) (?:foi |foram )?)\\b(?:outro nivel|melhor\\w*|parabens|excelente|otim[oa]|nota (?:10|dez|mil)|resolveram|resolvido)\\b`,
);
/** The question is about the body itself: its hours, place, contact or remit. */
const ABOUT_THE_BODY = re(
  `\\b(?:regras?|seguem|segue|vale|horario|hora|horas|funciona|abre|aberto|fecha|telefone|numero|endereco|onde fica|site|documentos?|quem regula|regula|resolve|atende|confiavel|e confiavel|como (?:funciona|faco|e)|demora quanto|quanto tempo)\\b`,
);
/** The sentence holding the evidence is a question about the body ("o Procon abre sábado?"). */
function askedAboutTheBody(folded: string, evidence: string): boolean {
  const at = folded.indexOf(evidence);
  if (at < 0) return false;
  const start = Math.max(...['.', '!', '?', '\n'].map((c) => folded.lastIndexOf(c, at))) + 1;
  const end = folded.slice(at).search(/[.!?\n]/);
  return end >= 0 && folded[at + end] === '?' && ABOUT_THE_BODY.test(folded.slice(start, at + end));
}
function calmMention(folded: string, reason: EscalationReason, ctx: RuleContext, evidence: string): boolean {
  if (!NAMED_ONLY.has(reason) || STEP.test(folded)) return false;
  if (NO_STEP.test(folded) || ctx.positiveOnly || STUDYING.test(folded) || COMPLAINT_BEHIND.test(folded))
    return true;
  if (reason === 'legal_action' && LAWYER_SELF.test(folded) && !LEGAL_THREAT.test(folded)) return true;
  // A message that is only a question about the body ("onde fica o procon aqui de BH?"), however
  // the body's name weighs in the sentiment.
  if (
    reason !== 'ombudsman_or_misconduct' &&
    /^[^.!?]*\?+$/.test(folded.trim()) &&
    askedAboutTheBody(folded, evidence)
  )
    return true;
  // An aside in a complaint ("meu advogado já está com o contrato. só curiosidade, …") is no
  // aside unless the body is only asked about.
  if (OFF_TOPIC.test(folded) && (!ctx.negative || askedAboutTheBody(folded, evidence))) return true;
  return (
    reason !== 'ombudsman_or_misconduct' &&
    !ctx.negative &&
    folded.includes('?') &&
    ABOUT_THE_BODY.test(folded)
  );
}

/** "e se um dia aparecer cheiro de gás, qual número eu ligo?": the evidence sits in a what-if question. */
const WHAT_IF = /^\s*(?:mas )?(?:e se|e caso|se um dia|caso um dia|what if|y si)\b/;
function askedWhatIf(folded: string, evidence: string): boolean {
  const found = new RegExp(
    `(?<![\\p{L}\\p{N}])${evidence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'u',
  ).exec(folded);
  if (!found) return false;
  const at = found.index;
  const start = Math.max(...['.', '!', '?'].map((c) => folded.lastIndexOf(c, at - 1))) + 1;
  const end = folded.slice(at).search(/[.!?]/);
  const sentence = folded.slice(start, end < 0 ? folded.length : at + end + 1);
  return WHAT_IF.test(sentence) && sentence.endsWith('?') && !STEP.test(sentence);
}

/**
 * The escalation rules that hold for the customer's words (`folded`: foldText of them), in the
 * policy's order, each with the words that triggered it. Empty: no escalation.
 */
export function findEscalations(text: string, context: EscalationContext = {}): EscalationFinding[] {
  // Quotation marks around a claim ("o plano era 'sem fidelidade'") break the word sequences the
  // rules read: they go.
  const unquoted = text.replace(/["“”‘’]|(?<![a-z])'|'(?![a-z])/g, '');
  const folded = context.portuguese === false ? unquoted : expandChatSpelling(unquoted);
  const found = new Map<EscalationReason, string>();
  const positiveOnly = !(context.negative ?? false) && POSITIVE_ONLY.test(folded);
  for (const [reason, rule] of RULES) {
    const ctx: RuleContext = {
      negative: context.negative ?? false,
      positiveOnly,
      maxWaitMinutes: context.maxWaitMinutes,
      otherSignals: found.size,
    };
    const evidence = rule(folded, ctx, context.original ?? '');
    if (
      evidence !== undefined &&
      !calmMention(folded, reason, ctx, evidence) &&
      !askedWhatIf(folded, evidence)
    )
      found.set(reason, evidence.trim());
  }
  return ORDER.filter(
    (reason) => found.has(reason) && (!context.solved || PERSISTENT_REASONS.has(reason)),
  ).map((reason) => ({ reason, evidence: found.get(reason) as string }));
}

// Chat spellings of support queues, as words (folded): "ja liguei 3x e ngm resolve".
const CHAT_SPELLING: Readonly<Record<string, string>> = {
  vc: 'voce',
  vcs: 'voces',
  n: 'nao',
  nn: 'nao',
  naum: 'nao',
  q: 'que',
  ngm: 'ninguem',
  dnv: 'de novo',
  d: 'de',
  hj: 'hoje',
  to: 'estou',
  tou: 'estou',
  ta: 'esta',
  tava: 'estava',
  pq: 'porque',
  msg: 'mensagem',
  msgs: 'mensagens',
  nd: 'nada',
  td: 'tudo',
  mt: 'muito',
  mto: 'muito',
  qdo: 'quando',
  qnd: 'quando',
  cmg: 'comigo',
  agr: 'agora',
  tb: 'tambem',
  tbm: 'tambem',
  pra: 'para',
  pro: 'para o',
};
const CHAT_SPELLING_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${Object.keys(CHAT_SPELLING).join('|')})(?![\\p{L}\\p{N}])|(?<=\\d)x\\b`,
  'gu',
);
function expandChatSpelling(folded: string): string {
  return folded
    .replace(CHAT_SPELLING_RE, (word) => CHAT_SPELLING[word] ?? 'vezes')
    .replace(/(\d)vezes/g, '$1 vezes');
}

/** "É a segunda vez que compro e amei": a repeat in a happy message is loyalty, not a failure. */
const POSITIVE_ONLY = re(
  `\\b(?:amei|adorei|adoro|amo|gostei muito|recomendo|excelente|otim[oa]|maravilhos[oa]|perfeit[oa]|parabens|satisfeit[oa]|sensacional|incrivel|(?<!sem )sucesso|top demais|(?:sao|e) (?:o|a|os|as) melhor(?:es)?|nota (?:10|dez|mil)\\b.{0,40}\\bmerecid[oa]|nao me arrependo|nao (?:erram|erra) uma|nao decepcion\\w+|love|great)\\b`,
);
