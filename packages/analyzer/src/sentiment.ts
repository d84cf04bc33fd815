import type { Language, Sentiment } from './enums.ts';
import { DE_LEXICON, FR_LEXICON, IT_LEXICON } from './lexicon/basic.ts';
import { EN_LEXICON } from './lexicon/en.ts';
import { ES_LEXICON } from './lexicon/es.ts';
import { PT_LEXICON } from './lexicon/pt.ts';
import type { Entry, SentimentLexicon } from './lexicon/types.ts';
import { capsRatio, foldText, isBoundary, tokenize } from './text.ts';

export interface SentimentEvidence {
  /** The folded word or phrase that matched. */
  readonly term: string;
  /** Its contribution after negation, intensity and question damping. */
  readonly weight: number;
  /** domain lexicon word, idiom (fixed phrase), LeIA fallback, regex pattern or emoji. */
  readonly source: 'domain' | 'idiom' | 'leia' | 'pattern' | 'emoji';
  readonly negated: boolean;
}

export interface SentimentResult {
  readonly sentiment: Sentiment;
  /** −1..1: the net polarity, squashed (VADER's normalisation). */
  readonly score: number;
  readonly evidence: readonly SentimentEvidence[];
  /** Sum of positive and of negative contributions (both ≥ 0): how much opinion was found. */
  readonly positive: number;
  readonly negative: number;
}

const LEXICONS: Readonly<Record<Language, SentimentLexicon>> = {
  pt: PT_LEXICON,
  'pt-BR': PT_LEXICON,
  en: EN_LEXICON,
  es: ES_LEXICON,
  fr: FR_LEXICON,
  de: DE_LEXICON,
  it: IT_LEXICON,
};

/** Net score from which a message leans positive or negative. */
const POLARITY_THRESHOLD = 1;
/** Each side of a contrast must reach this to call the message mixed. */
const MIXED_SIDE_THRESHOLD = 0.8;
/** LeIA is a general-purpose list: it counts for half of a domain word. */
const FALLBACK_WEIGHT = 0.5;
const FALLBACK_MIN_VALENCE = 1.5;
/** In a question, opinion words are often hypothetical ("o plano melhor?"): damp them. */
const QUESTION_DAMPING = { positive: 0.4, negative: 0.7 };

// Whole-text patterns the token lexicon cannot express (numbers in them vary).
const NUMBER_WORDS =
  '\\d+|um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|quinze|vinte|trinta|varios|varias|muitos|muitas';
const PATTERNS: ReadonlyArray<{
  readonly re: RegExp;
  readonly weight: number;
  readonly term: string;
  /**
   * The pattern reads the words inside what it matched itself: a word of the other polarity there
   * no longer counts ("nenhuma chega aos pés", "mais rápido que vocês").
   */
  readonly absorbs?: boolean;
}> = [
  {
    // "faz duas semanas", "há 10 dias", "mais de um mês": time already spent waiting.
    re: new RegExp(
      `\\b(?:faz|ha|mais de|quase|ja sao)\\s+(?:${NUMBER_WORDS})\\s+(?:dias?|semanas?|mes|meses|horas?)\\b`,
    ),
    weight: -1.2,
    term: 'tempo de espera',
  },
  {
    // "abri 3 chamados", "liguei cinco vezes" (but not "pagar em 12 vezes", an instalment plan).
    re: new RegExp(
      `(?<!\\bem )\\b(?:${NUMBER_WORDS})\\s+(?:chamados|protocolos|ligacoes|reclamacoes|vezes|tentativas|e-?mails)\\b`,
    ),
    weight: -1.2,
    term: 'contatos repetidos',
  },
  {
    // "o portal não mostra a lista", "o app não carrega", "não tá fazendo ligação": a fault told as
    // a plain fact, without an opinion word.
    re: /\b(?:nao|nem) (?:esta |estao |ta |tao |fica |mais )?(?:mostra|mostrando|aparece|aparecendo|carrega|carregando|abre|abrindo|conecta|conectando|pega|pegando|recebe|recebendo|completa|completando|sincroniza|atualiza|atualizando|imprime|imprimindo|fazendo ligac\w+|faz ligac\w+|da sinal|tem (?:a )?opcao)\b/,
    weight: -1.2,
    term: 'falha relatada',
  },
  {
    // "a lista vem vazia", "tá tudo apagado", "ficou sem sinal": something missing or dark.
    re: /\b(?:vem|veio|vieram|esta|ta|fica|ficou|continua) (?:tudo |toda |todo )?(?:vazi[oa]s?|apagad[oa]s?|zerad[oa]s?|em branco|sem sinal|sem luz|sem internet|sem energia)\b/,
    weight: -1.2,
    term: 'falta relatada',
  },
  {
    // "vocês tão me empurrando", "só me enrolam": being stalled.
    re: /\b(?:me |nos )?(?:empurrando|enrolando|embromando|enrolam|empurram|embromam|enrolaram|empurraram|fazendo de bob[oa])\b/,
    weight: -1.2,
    term: 'enrolação',
  },
  {
    // Praise by comparison, told with a negation the lexicon would flip: "ninguém resolve como
    // vocês", "nenhuma operadora chega aos pés", "fazia tempo que não era tão bem atendida".
    re: /\b(?:(?:ninguem|nenhum|nenhuma)(?: \w+)? (?:me |nos )?(?:atende|atendem|atendeu|resolve|resolvem|resolveu|trata|tratam|tratou|cuida|cuidam|cuidou|entrega|entregam|explica|explicou|capricha|caprichou|faz|fazem|fez)(?: \w+){0,2} (?:como|igual|que nem|tao bem quanto) (?:voces|voce)\b(?! (?:prometeu|prometeram|disse|disseram|falou|falaram|combinou|combinaram|garantiu|garantiram|fizeram|fez|me trat\w*|trat\w*)\b)|(?:ninguem|nenhum|nenhuma|nada)(?: \w+){0,2} (?:chega|chegam) aos pes|(?:nunca|(?:fazia|faz|ha) (?:tempo|anos|muito tempo|seculos) (?:que )?nao)(?: \w+){0,3} tao bem (?:atendid|tratad|recebid|servid)\w*|(?:voces|voce) nao existem?\b(?! mais| no| na| para| pra)|nao sei o que (?:eu )?(?:seria|faria) (?:de mim )?sem (?:voces|voce|a equipe|o suporte|esse atendimento|(?:a|o) (?!internet|luz|agua|energia|sinal|wifi|celular|carro|cartao|dinheiro|app|aplicativo)\w+))/,
    weight: 2.5,
    term: 'elogio por comparação',
    absorbs: true,
  },
  {
    // "até o correio é mais rápido que vocês": anything compared favourably against the company.
    re: /\bate (?:o|a|os|as|meu|minha|um|uma) (?:\w+ ){0,6}(?:e|sao|seria|eh) mais (?:rapid|eficient|organizad|barat|educad|honest|confiave|competent|sério|serio|pontua)\w* (?:que|do que) (?:voces|voce)\b/,
    weight: -2.5,
    term: 'comparação desfavorável',
    absorbs: true,
  },
  {
    // "acabou minha paciência" (outweighs the LeIA word "paciência" it contains).
    re: /\b(?:acabou (?:a |minha )?paciencia|perdi (?:a |minha )?paciencia|(?:to|estou) de saco cheio)\b/,
    weight: -2.5,
    term: 'paciência esgotada',
  },
];

const POSITIVE_EMOJI = /[😀😃😄😁😊🙂😍🥰😘👍👏🙏❤💙💚🤩🎉✅🥳😎💯🤗🙌⭐]|[:;]-?[)D]/gu;
const NEGATIVE_EMOJI = /[😡😠🤬😤😞😢😭😩😫👎😒🙄💩😔😕💔🤦😑😓😰😖😣]|:-?\(/gu;

interface Unit {
  readonly entry: Entry | undefined;
  readonly key: string;
  readonly words: number;
  readonly source: SentimentEvidence['source'];
  /** Index of the sentence (for question damping); boundaries are units with words = 0. */
  readonly sentence: number;
  readonly boundary: boolean;
}

function expand(tokens: readonly string[], lexicon: SentimentLexicon): string[] {
  if (lexicon.abbreviations.size === 0) return [...tokens];
  const out: string[] = [];
  for (const token of tokens) {
    const long = lexicon.abbreviations.get(token);
    if (long) out.push(...long);
    else out.push(token);
  }
  return out;
}

function lookupWord(
  word: string,
  lexicon: SentimentLexicon,
): { entry: Entry; source: Unit['source'] } | undefined {
  for (const length of lexicon.stemLengths) {
    if (word.length < length) continue;
    const entry = lexicon.stems.get(word.slice(0, length));
    if (entry) return { entry, source: 'domain' };
  }
  const valence = lexicon.fallback?.get(word);
  if (valence !== undefined && Math.abs(valence) >= FALLBACK_MIN_VALENCE) {
    return { entry: { kind: 'term', score: valence * FALLBACK_WEIGHT }, source: 'leia' };
  }
  return undefined;
}

/** Longest-match segmentation of the token stream into lexicon units. */
function toUnits(tokens: readonly string[], lexicon: SentimentLexicon): Unit[] {
  const units: Unit[] = [];
  let sentence = 0;
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] ?? '';
    if (isBoundary(token)) {
      units.push({ entry: undefined, key: token, words: 0, source: 'domain', sentence, boundary: true });
      if (token !== ',' && token !== ':') sentence++;
      i++;
      continue;
    }
    // Candidate phrases never cross a boundary.
    const keys: string[] = [];
    let key = '';
    for (let n = 0; n < lexicon.maxPhraseWords && i + n < tokens.length; n++) {
      const next = tokens[i + n] ?? '';
      if (isBoundary(next)) break;
      key = n === 0 ? next : `${key} ${next}`;
      keys.push(key);
    }
    let matched = false;
    for (let n = keys.length; n >= 1; n--) {
      const candidate = keys[n - 1] ?? '';
      const entry = lexicon.entries.get(candidate);
      if (entry) {
        const source = entry.kind === 'term' && entry.fixed ? 'idiom' : 'domain';
        units.push({ entry, key: candidate, words: n, source, sentence, boundary: false });
        i += n;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const found = lookupWord(token, lexicon);
    units.push({
      entry: found?.entry,
      key: token,
      words: 1,
      source: found?.source ?? 'domain',
      sentence,
      boundary: false,
    });
    i++;
  }
  return units;
}

/**
 * The text as the lexicon sees it: folded, tokenized, abbreviations expanded, one space between
 * tokens ("Vc n resolveu?" → "voce nao resolveu ?"). Intent rules match on this.
 */
export function normalizeWords(text: string, lang: Language = 'pt-BR'): string {
  return wordsOf(text, lang).join(' ');
}

// Sentiment and intent read the same message one after the other: keep its last token list.
let lastWords: { text: string; lexicon: SentimentLexicon; words: string[] } | undefined;
function wordsOf(text: string, lang: Language): string[] {
  const lexicon = LEXICONS[lang];
  if (lastWords?.text === text && lastWords.lexicon === lexicon) return lastWords.words;
  const words = expand(tokenize(lexicon.prepare ? lexicon.prepare(text) : text), lexicon);
  lastWords = { text, lexicon, words };
  return words;
}

/** Which sentences end with a question mark. */
function questionSentences(units: readonly Unit[]): Set<number> {
  const questions = new Set<number>();
  for (const unit of units) if (unit.boundary && unit.key === '?') questions.add(unit.sentence);
  return questions;
}

interface Contribution {
  readonly unit: Unit;
  weight: number;
  readonly negated: boolean;
  /** Clause (between contrast words) the contribution belongs to. */
  readonly segment: number;
}

function defaultNegated(score: number): number {
  // "não gostei" is about as strong as "gostei"; "não é ruim" is only lukewarm praise.
  return score > 0 ? -0.9 * score : -0.5 * score;
}

function nextTermAhead(units: readonly Unit[], from: number, maxWords: number): boolean {
  let words = 0;
  for (let j = from + 1; j < units.length && words < maxWords; j++) {
    const unit = units[j];
    if (!unit || unit.boundary || unit.entry?.kind === 'contrast') return false;
    if (unit.entry?.kind === 'term') return true;
    words += unit.words;
  }
  return false;
}

function score(units: readonly Unit[], lexicon: SentimentLexicon): Contribution[] {
  const questions = questionSentences(units);
  const contributions: Contribution[] = [];
  let segment = 0;
  let negationLeft = 0;
  let negationPenalty = 0;
  let intensity = 1;
  let intensityLeft = 0;
  let last: Contribution | undefined;
  let wordsSinceLast = 0;
  let concessionOpen = false;

  const resetClause = () => {
    negationLeft = 0;
    intensity = 1;
    intensityLeft = 0;
    last = undefined;
  };

  for (let j = 0; j < units.length; j++) {
    const unit = units[j] as Unit;
    const entry = unit.entry;
    if (unit.boundary) {
      // The concession ("apesar da demora,") ends here: the main clause is a new side.
      if (concessionOpen) {
        segment++;
        concessionOpen = false;
      }
      resetClause();
      continue;
    }
    if (entry?.kind === 'contrast') {
      segment++;
      concessionOpen = entry.concessive === true;
      resetClause();
      continue;
    }
    if (entry?.kind === 'negator') {
      if (
        lexicon.negationLooksBack &&
        last &&
        !last.negated &&
        wordsSinceLast <= 2 &&
        !nextTermAhead(units, j, 2)
      ) {
        const term = last.unit.entry;
        if (term?.kind === 'term' && !term.fixed) last.weight = term.negated ?? defaultNegated(term.score);
      } else {
        negationLeft = entry.scope;
        negationPenalty = entry.penalty ?? 0;
      }
      wordsSinceLast += unit.words;
      continue;
    }
    if (entry?.kind === 'intensifier') {
      const forward = !entry.post && nextTermAhead(units, j, 2);
      if (forward) {
        intensity *= entry.factor;
        intensityLeft = 2;
      } else if (last && wordsSinceLast <= 2 && last.unit.source !== 'idiom') {
        last.weight *= entry.factor; // "trava demais", "gostei muito"
      }
      wordsSinceLast += unit.words;
      continue;
    }
    if (entry?.kind === 'term') {
      // "bem" before an opinion word is an intensifier ("bem ruim"), not praise.
      if (unit.key === 'bem' && nextTermAhead(units, j, 1)) {
        intensity *= 1.3;
        intensityLeft = 1;
        continue;
      }
      const fixed = entry.fixed === true;
      const negated = !fixed && negationLeft > 0;
      let weight = negated ? (entry.negated ?? defaultNegated(entry.score)) : entry.score;
      if (negated && weight < 0) weight += negationPenalty;
      if (!fixed && intensityLeft > 0) weight *= intensity;
      if (!fixed && questions.has(unit.sentence)) {
        weight *= weight > 0 ? QUESTION_DAMPING.positive : QUESTION_DAMPING.negative;
      }
      if (weight !== 0) {
        last = { unit, weight, negated, segment };
        contributions.push(last);
        wordsSinceLast = 0;
      }
      // A negator flips one noun phrase: the term right after it too ("resposta decente"), no further.
      if (negated) {
        negationLeft = 2;
        negationPenalty = 0;
      }
      intensity = 1;
      intensityLeft = 0;
    } else {
      wordsSinceLast += unit.words;
    }
    negationLeft = Math.max(0, negationLeft - unit.words);
    intensityLeft = Math.max(0, intensityLeft - unit.words);
  }
  return contributions;
}

/** Shouting and exclamation marks make whatever was said stronger (never create polarity). */
function emphasis(text: string): number {
  const exclamations = Math.min(3, (text.match(/!/g) ?? []).length);
  const caps = capsRatio(text) >= 0.6 ? 1.25 : 1;
  return (1 + 0.1 * exclamations) * caps;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Sentiment of one message from the lexicon of its language: polarity words with negation,
 * intensity, contrast ("mas", "só que") and idioms. `mixed` when the two sides of a contrast carry
 * opposite opinions, or when strong praise and strong criticism are balanced.
 */
export function analyzeSentiment(text: string, lang: Language = 'pt-BR'): SentimentResult {
  const lexicon = LEXICONS[lang];
  const units = toUnits(wordsOf(text, lang), lexicon);
  let contributions = score(units, lexicon);
  const matched: SentimentEvidence[] = [];
  if (lang === 'pt' || lang === 'pt-BR') {
    const folded = foldText(text);
    for (const pattern of PATTERNS) {
      const match = pattern.re.exec(folded);
      if (!match) continue;
      matched.push({ term: pattern.term, weight: pattern.weight, source: 'pattern', negated: false });
      if (pattern.absorbs)
        // Only words told inside the match alone ("rápido" said again after it still counts).
        contributions = contributions.filter(
          (c) =>
            c.weight * pattern.weight > 0 ||
            !match[0].includes(c.unit.key) ||
            folded.split(c.unit.key).length > match[0].split(c.unit.key).length,
        );
    }
  }
  const evidence: SentimentEvidence[] = [
    ...contributions.map((c) => ({
      term: c.unit.key,
      weight: c.weight,
      source: c.unit.source,
      negated: c.negated,
    })),
    ...matched,
  ];
  const happy = (text.match(POSITIVE_EMOJI) ?? []).length;
  const sad = (text.match(NEGATIVE_EMOJI) ?? []).length;
  if (happy)
    evidence.push({ term: 'emoji', weight: 1.5 * Math.min(2, happy), source: 'emoji', negated: false });
  if (sad) evidence.push({ term: 'emoji', weight: -1.5 * Math.min(2, sad), source: 'emoji', negated: false });

  const boost = emphasis(text);
  let positive = 0;
  let negative = 0;
  for (const item of evidence) {
    if (item.weight > 0) positive += item.weight * boost;
    else negative -= item.weight * boost;
  }

  // Per clause: contrast decides "mixed"; the clause after the contrast weighs more (VADER).
  const segments = new Map<number, number>();
  for (const c of contributions) segments.set(c.segment, (segments.get(c.segment) ?? 0) + c.weight * boost);
  const lastSegment = Math.max(0, ...segments.keys());
  let net = positive - negative;
  if (lastSegment > 0) {
    net = 0;
    for (const [index, value] of segments) net += value * (index === lastSegment ? 1.3 : 0.7);
    for (const item of evidence)
      if (item.source === 'pattern' || item.source === 'emoji') net += item.weight * boost;
  }
  const sides = [...segments.values()];
  const contrastMixed =
    sides.some((v) => v >= MIXED_SIDE_THRESHOLD) && sides.some((v) => v <= -MIXED_SIDE_THRESHOLD);
  const balancedMixed =
    positive >= 1.8 && negative >= 1.8 && Math.min(positive, negative) / Math.max(positive, negative) >= 0.45;

  let sentiment: Sentiment = 'neutral';
  if (contrastMixed || balancedMixed) sentiment = 'mixed';
  else if (net >= POLARITY_THRESHOLD) sentiment = 'positive';
  else if (net <= -POLARITY_THRESHOLD) sentiment = 'negative';

  return {
    sentiment,
    score: round(net / Math.sqrt(net * net + 8)),
    evidence: evidence.map((e) => ({ ...e, weight: round(e.weight * boost, 2) })),
    positive: round(positive, 2),
    negative: round(negative, 2),
  };
}

/**
 * Irony read as what it is: ironic praise next to a negative fact ("ótimo atendimento hein, 4 dias
 * esperando", see normalize.ts) makes a positive or mixed reading negative, its praise words
 * counted against.
 */
export function withSarcasm(result: SentimentResult, sarcastic: boolean): SentimentResult {
  if (!sarcastic || result.sentiment === 'negative' || result.sentiment === 'neutral') return result;
  const negative = result.negative + result.positive;
  return {
    sentiment: 'negative',
    score: -Math.abs(result.score || 0.5),
    evidence: [
      ...result.evidence,
      { term: 'ironia', weight: -result.positive, source: 'pattern', negated: false },
    ],
    positive: 0,
    negative,
  };
}

// "chegou rápido, parabéns, mas veio o carregador errado": praise, a contrast, then a problem told
// as a fact (no opinion word), so the rules heard only the praise.
const CONTRAST = /\b(?:mas|porem|so que|pena que|entretanto|contudo|so (?:a|o|as|os|q|que))\b/g;
const PROBLEM_FACT =
  /\b(?:errad\w*|quebrad\w*|derretid\w*|amassad\w*|faltando|faltou|falta|atrasad\w*|demor\w*|fri[oa]|vazad\w*|vazando|suj[oa]|rasgad\w*|defeito\w*|trocad[oa]s?|diferente|gigante|enorme|car[oa]|cobr\w+|veio sem|descol\w+|manchad\w*|estragad\w*|vencid\w*|continua|ainda nao|nao (?:veio|chegou|funciona|abre|liga|carrega|serviu|coube)|took ages|cold|wrong|broken|late)\b/;

/** A positive reading with a problem fact after a contrast is mixed (see CONTRAST). */
export function withContrastFacts(result: SentimentResult, text: string): SentimentResult {
  if (result.sentiment !== 'positive') return result;
  const folded = foldText(text);
  for (const m of folded.matchAll(CONTRAST)) {
    const after = folded.slice(m.index + m[0].length, m.index + m[0].length + 120);
    if (m.index > 0 && PROBLEM_FACT.test(after)) {
      return {
        ...result,
        sentiment: 'mixed',
        negative: Math.max(result.negative, 1),
        evidence: [
          ...result.evidence,
          { term: 'problema relatado', weight: -1, source: 'pattern', negated: false },
        ],
      };
    }
  }
  return result;
}

/**
 * A situation the escalation policy names (fraud, a hazard, a threat…) is a problem even when told
 * without opinion words: a neutral reading becomes negative, a positive one mixed.
 */
export function withSituation(result: SentimentResult, escalates: boolean): SentimentResult {
  if (!escalates || result.sentiment === 'negative' || result.sentiment === 'mixed') return result;
  const sentiment = result.sentiment === 'neutral' ? 'negative' : 'mixed';
  return {
    ...result,
    sentiment,
    negative: Math.max(result.negative, 1),
    evidence: [...result.evidence, { term: 'situação grave', weight: -1, source: 'pattern', negated: false }],
  };
}
