/**
 * Informal Portuguese (WhatsApp, voice-note transcripts) rewritten into the written Portuguese the
 * rules and the model read, before any analysis. Every step is a plain, listed rewrite:
 *
 * - chat abbreviations and phonetic spellings as words ("vc" → "você", "ñ"/"n" → "não",
 *   "naum" → "não", "tá" → "está", "axo" → "acho"), each only as a whole word;
 * - a few accents restored where no other word is spelt the same ("nao", "voce", "ninguem");
 * - letters repeated three times or more ("demoraaa", "pessimoooo") kept once; "!!!!" kept as "!!!";
 * - laughter ("kkkk", "rsrs", "hahaha", "😂") taken out of the words and counted;
 * - emoticons as emoji the sentiment lexicon knows (":(" → 😞, ":)" → 🙂, "<3" → ❤);
 * - a message of several short lines: a line without final punctuation gets a full stop, so each
 *   line is a clause of its own ("oi\nminha internet caiu\nja reiniciei");
 * - cues the analysis uses: laughter, shouting (mostly capitals), sarcasm (a praise word with
 *   "hein"/"né"/"viu", or 🙃, next to a negative fact: "ótimo atendimento hein, 4 dias esperando").
 *
 * Negation keeps its scope because "n"/"ñ" become "não" before the sentiment's negation window
 * ("n tá funcionando" → "não está funcionando"); "nem" and "nunca" are negators there already.
 * Only Portuguese text is rewritten (the caller checks the language): "to" is English elsewhere.
 */

export interface InformalCues {
  /** Laughter tokens removed ("kkkk", "rsrs", "haha", 😂, 🤣). */
  readonly laughter: number;
  /** Most letters are capitals (shouting), judged on the original text. */
  readonly shouting: boolean;
  /** An ironic praise next to a negative fact. */
  readonly sarcasm: boolean;
  /** Number of non-empty lines. */
  readonly lines: number;
}

export interface NormalizedText {
  readonly text: string;
  readonly cues: InformalCues;
}

/** Whole-word rewrites (lower case keys; the match is case-insensitive). */
const WORDS: Readonly<Record<string, string>> = {
  // pronouns and people
  vc: 'você',
  vcs: 'vocês',
  voce: 'você',
  voces: 'vocês',
  cmg: 'comigo',
  ctg: 'contigo',
  ngm: 'ninguém',
  ninguem: 'ninguém',
  // negation and connectives
  n: 'não',
  ñ: 'não',
  nn: 'não',
  naum: 'não',
  nao: 'não',
  pq: 'porque',
  pk: 'porque',
  porq: 'porque',
  q: 'que',
  oq: 'o que',
  tb: 'também',
  tbm: 'também',
  tambem: 'também',
  entao: 'então',
  ent: 'então',
  porem: 'porém',
  qdo: 'quando',
  qnd: 'quando',
  qto: 'quanto',
  qnt: 'quanto',
  dps: 'depois',
  tds: 'todos',
  td: 'tudo',
  nd: 'nada',
  msm: 'mesmo',
  mt: 'muito',
  mto: 'muito',
  mta: 'muita',
  mtos: 'muitos',
  mtas: 'muitas',
  // verbs
  ta: 'está',
  tá: 'está',
  // tao / tão: "estão" or the adverb "tão" by the words around it (taoAsEstao).
  to: 'estou',
  tô: 'estou',
  tou: 'estou',
  tava: 'estava',
  tavam: 'estavam',
  eh: 'é',
  axo: 'acho',
  vamo: 'vamos',
  tamo: 'estamos',
  // times
  hj: 'hoje',
  agr: 'agora',
  amanha: 'amanhã',
  hrs: 'horas',
  hr: 'hora',
  dnv: 'de novo',
  dsd: 'desde',
  amn: 'amanhã',
  dms: 'demais',
  dmss: 'demais',
  dmais: 'demais',
  qlqr: 'qualquer',
  qqr: 'qualquer',
  qro: 'quero',
  qm: 'quem',
  tmb: 'também',
  ngn: 'ninguém',
  nda: 'nada',
  fzr: 'fazer',
  msma: 'mesma',
  mtu: 'muito',
  sdds: 'saudades',
  // politeness and chat
  pfv: 'por favor',
  pf: 'por favor',
  pfvr: 'por favor',
  plmds: 'pelo amor de deus',
  obg: 'obrigado',
  obgd: 'obrigado',
  obgda: 'obrigada',
  vlw: 'valeu',
  blz: 'beleza',
  bdia: 'bom dia',
  btarde: 'boa tarde',
  bnoite: 'boa noite',
  flw: 'falou',
  tmj: 'tamo junto',
  msg: 'mensagem',
  msgs: 'mensagens',
  ctz: 'certeza',
  vdd: 'verdade',
  sla: 'sei lá',
  mds: 'meu deus',
  aki: 'aqui',
  kd: 'cadê',
  cade: 'cadê',
  neh: 'né',
  cel: 'celular',
  zap: 'whatsapp',
  whats: 'whatsapp',
  wpp: 'whatsapp',
  abs: 'abraços',
  bjs: 'beijos',
  // plain missing accents (no other word is spelt the same)
  ja: 'já',
  ate: 'até',
  ligacao: 'ligação',
  informacao: 'informação',
  cartao: 'cartão',
  cobranca: 'cobrança',
  manutencao: 'manutenção',
  instalacao: 'instalação',
  solucao: 'solução',
  atencao: 'atenção',
  pessimo: 'péssimo',
  otimo: 'ótimo',
  servico: 'serviço',
  tecnico: 'técnico',
  numero: 'número',
  proximo: 'próximo',
  ultimo: 'último',
  unico: 'único',
  horario: 'horário',
  endereco: 'endereço',
  possivel: 'possível',
  impossivel: 'impossível',
};

// "kkkk", "kkkkk", "rsrs", "hahaha", "hehe", "huahua", and laughing emoji.
const LAUGHTER =
  /(?<![\p{L}\p{N}])(?:k{3,}|(?:rs){2,}r?|(?:ha){2,}h?|(?:he){2,}|(?:hu?a){2,}|(?:ja){3,})(?![\p{L}\p{N}])|[😂🤣😆😅]/giu;
const WORD = /[\p{L}\p{M}]+/gu;
const EMOTICONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\p{L}\p{N}])[:=;]['’]?-?[([]+|(?<![\p{L}\p{N}])[Dd]:(?![\p{L}\p{N}])/gu, ' 😞 '],
  [/(?<![\p{L}\p{N}/])[:=]-?[/\\|](?![\p{L}\p{N}/])/gu, ' 😕 '],
  [/(?<![\p{L}\p{N}])[:=;]-?[)\]D]+(?![\p{L}\p{N}])|\^\^|\^_\^/gu, ' 🙂 '],
  [/<3+/gu, ' ❤ '],
];
// Three or more of the same letter (not digits, not "kkk", which laughter took already).
const ELONGATION = /(\p{L})\1{2,}/gu;

/**
 * Chat "tão" is "estão" after a plural subject, or before a gerund, a place, a preposition, a
 * pronoun or the end ("vcs tão de brincadeira", "tão cobrando", "tão aqui?"); before anything else
 * it is the adverb ("nunca fui tão bem atendida", "tão rápido").
 */
const ESTAO_AFTER = /(?<![\p{L}])(?:vcs|voces|vocês|eles|elas|todos|tds|todas|gente|pessoal)\s+$/iu;
// After a verb it is the adverb: "é tão de boa", "foi tão rápido".
const AFTER_VERB =
  /(?<![\p{L}])(?:é|e|eh|foi|era|são|sao|ficou|fica|está|esta|tá|ta|parece|seja|estava|tava|fui|sou|estou|to|tô)\s+$/iu;
const ESTAO_BEFORE =
  /^\s*(?:$|[.,!?;:)]|(?:com|sem|em|no|na|nos|nas|num|numa|aqui|ai|aí|la|lá|ali|de|do|da|pra|pro|para|me|te|se|lhe|ainda|sempre|todos|tudo|querendo|fazendo)(?![\p{L}])|(?!(?:lindo|linda|bem-vindo|horrendo|tremendo|estupendo|hediondo|redondo|brando|fecundo|profundo|segundo|rotundo|imundo|fedorento)(?![\p{L}]))\p{L}+(?:ando|endo|indo|ondo)(?![\p{L}]))/iu;
const taoAsEstao = (before: string, after: string) =>
  ESTAO_AFTER.test(before) || (!AFTER_VERB.test(before) && ESTAO_BEFORE.test(after));

/** Praise that may be ironic, and the marks of irony after it. */
const PRAISE =
  /(?<![\p{L}])(?:ótim[oa]s?|otim[oa]s?|excelente|que rapidez|que agilidade|que eficiência|que eficiencia|que surpresa boa|maravilh[ao]s?[oa]?|parabéns|parabens|que beleza|show de bola|nota dez|nota 10|muito bom|muito boa|top demais|adorei|amei|perfeito|sensacional|incrível|incrivel|obrigad[oa] por nada)(?![\p{L}])/iu;
const IRONY_MARK = /(?<![\p{L}])(?:hein|hem|viu|né|ne|heim|só que não|so que nao)(?![\p{L}])|🙃|🤡|👏👏/iu;
/** Negative facts that give the praise away: waiting, nothing, again, never, nobody. */
const NEGATIVE_FACT =
  /(?<![\p{L}])(?:\d+\s*(?:dias?|horas?|semanas?|meses|min(?:utos)?)|esperando|aguardando|nada(?! a (?:reclamar|declarar|dever))|ninguém|ninguem|de novo|nunca|sem (?:resposta|retorno|solução|solucao|sinal|internet|luz)|até agora|ate agora|não (?:chegou|funciona|resolve|resolveram|responde|responderam|veio|apareceu|cumpre|cumprem|cumprir|cumpriu|cumpriram)|nao (?:chegou|funciona|resolve|resolveram|responde|responderam|veio|apareceu|cumpre|cumprem|cumprir|cumpriu|cumpriram)|quebrad[oa]|errad[oa]|atrasad[oa])(?![\p{L}])/iu;

function capsShare(text: string): { letters: number; upper: number } {
  let letters = 0;
  let upper = 0;
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const up = ch.toUpperCase();
    if (lower === up) continue;
    letters++;
    if (ch === up) upper++;
  }
  return { letters, upper };
}

/**
 * Facts that are bad whatever is said around them: praise opening a message that tells one of
 * them, with no "mas" between, is ironic even without a mark ("parabéns, perderam minha encomenda
 * de novo"). "De novo" alone is not one: "adorei, quero marcar de novo".
 */
const BAD_FACT =
  /(?<![\p{L}])(?:até agora nada|ate agora nada|(?:até|ate) agora (?:não|nao) (?:chegou|veio|vieram|resolveram|responderam|retornaram|ligaram|apareceu|entregaram|devolveram|estornaram|caiu)|(?:conseguiram|conseguiu|conseguem|consegue) (?:perder|extraviar|piorar)|perderam|perdeu|extraviaram|extraviou|extraviad[oa]|piorou|só piora|so piora|piorando|prometer e (?:não|nao|n) cumprir|cai todo dia|cai toda hora|caindo todo dia|sem ninguém avisar|sem ninguem avisar|\d+ (?:dias?|horas?|semanas?|meses) sem (?:resposta|retorno|solução|solucao|atendimento|sinal|internet|luz|água|agua)|cancel(?:ou|aram) (?:o |a )?(?:meu|minha) (?:voo|pedido|reserva|consulta|visita|entrega|agendamento)|quando (?:funciona|quer funcionar|resolve))(?![\p{L}])/iu;
const CONTRAST_WORD =
  /(?<![\p{L}])(?:mas|porém|porem|só que|so que|pena que|apesar|embora|mesmo com)(?![\p{L}])/iu;

/** Is the text ironic praise (see the module comment)? Judged on the rewritten text. */
export function isSarcastic(text: string): boolean {
  const praise = PRAISE.exec(text);
  if (!praise) return text.includes('🙃') && IRONY_MARK.test(text) && NEGATIVE_FACT.test(text);
  const after = text.slice(praise.index);
  // A mark of irony, or praise trailing off ("vocês são ótimos... em prometer").
  if (IRONY_MARK.test(text) || /^[^.!?]*?(?:\.\.\.|…)\s*(?:em|pra|para|só|so|de)(?![\p{L}])/u.test(after))
    return NEGATIVE_FACT.test(text);
  const bad = BAD_FACT.exec(after);
  // "não quero perder", "nunca piorou": a bad fact denied is none.
  const denied = bad && /(?:não|nao|nunca|nem|sem) (?:\p{L}+ )?$/iu.test(after.slice(0, bad.index));
  return praise.index <= 20 && !CONTRAST_WORD.test(text) && bad !== null && !denied;
}

/** Rewrites informal Portuguese (see the module comment). Deterministic; linear in the text. */
export function normalizeInformal(text: string): NormalizedText {
  const { letters, upper } = capsShare(text);
  const shouting = letters >= 8 && upper / letters >= 0.7;
  let laughter = 0;
  let out = text.replace(/\r\n?/g, '\n').replace(LAUGHTER, () => {
    laughter++;
    return ' ';
  });
  for (const [pattern, emoji] of EMOTICONS) out = out.replace(pattern, emoji);
  out = out.replace(/!{4,}/g, '!!!').replace(/\?{4,}/g, '???');
  out = out.replace(WORD, (word, offset: number, whole: string) => {
    const squeezed = word.replace(ELONGATION, '$1');
    const lower = squeezed.toLowerCase();
    const replacement =
      lower === 'tão' || lower === 'tao'
        ? taoAsEstao(
            whole.slice(Math.max(0, offset - 12), offset),
            whole.slice(offset + word.length, offset + word.length + 16),
          )
          ? 'estão'
          : 'tão'
        : WORDS[lower];
    if (replacement === undefined) return squeezed;
    // Keep shouting visible: a word in capitals is rewritten in capitals.
    return squeezed.length > 1 && squeezed === squeezed.toUpperCase()
      ? replacement.toUpperCase()
      : replacement;
  });
  // "3x", "2x": times.
  out = out.replace(/(?<=\d)x(?![\p{L}\p{N}])/gu, ' vezes');
  // Several short lines: each ends a clause.
  const lines = out.split('\n');
  let count = 0;
  out = lines
    .map((line, i) => {
      const trimmed = line.replace(/[ \t]+/g, ' ').trim();
      if (trimmed) count++;
      if (!trimmed || i === lines.length - 1) return trimmed;
      return /[.!?;:,…]$|\p{Extended_Pictographic}$/u.test(trimmed) ? trimmed : `${trimmed}.`;
    })
    .join('\n')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  return { text: out, cues: { laughter, shouting, sarcasm: isSarcastic(out), lines: count } };
}

let lastInput: string | undefined;
let lastOutput: NormalizedText | undefined;
/** normalizeInformal remembering its last answer (a message is read by several parts in a row). */
export function normalizeCached(text: string): NormalizedText {
  if (text === lastInput && lastOutput) return lastOutput;
  lastOutput = normalizeInformal(text);
  lastInput = text;
  return lastOutput;
}

/** The text the analysis reads: rewritten when Portuguese, as written otherwise. */
export function prepareText(text: string, language: string): NormalizedText {
  if (language === 'pt' || language === 'pt-BR') return normalizeCached(text);
  return { text, cues: { laughter: 0, shouting: false, sarcasm: false, lines: 1 } };
}
