import { eld } from 'eld/small';
import type { Language } from './enums.ts';
import { foldText, letterCount, wordsRegex } from './text.ts';

/**
 * eld's "small" n-gram database is bundled in the package (no download at run time) and restricted
 * to the six languages we answer in, so a Portuguese message can never come back as Galician.
 * An own instance keeps the subset from leaking into other eld users in the process.
 */
const detector = eld.newInstance();
detector.setLanguageSubset(['pt', 'en', 'es', 'fr', 'de', 'it']);

type BaseLanguage = 'pt' | 'en' | 'es' | 'fr' | 'de' | 'it';

/** Below this many letters no detector is reliable ("ok", "oi", "???"). */
const MIN_LETTERS = 4;

// Function words and greetings that belong to one language only: they rescue short messages eld
// cannot judge ("Bom dia", "Hello", "Gracias").
const MARKERS: Readonly<Record<BaseLanguage, RegExp>> = {
  pt: wordsRegex(
    'não|você|vocês|obrigado|obrigada|olá|oi|bom dia|boa tarde|boa noite|valeu|tchau|até mais|pedido|cadê|então|também|está|estou|muito|meu|minha|né|vc|vcs|pra|tá|tô|blz|vlw|obg|ajuda|preciso|quero|nada|tudo|sim'.split(
      '|',
    ),
  ),
  en: wordsRegex(
    'the|hello|hi|thanks|thank you|please|my|is|not|what|why|how|when|you|your|yes|help|order|refund|still|bye|good morning|hey|with|from|this|that|it|and'.split(
      '|',
    ),
  ),
  es: wordsRegex(
    'hola|gracias|usted|ustedes|pero|mi|está|estoy|qué|cómo|cuándo|dónde|buenos días|buenas tardes|por favor|ayuda|necesito|quiero|todavía|ya|el|los|las|muy|pedido|adiós|sí|nada|y'.split(
      '|',
    ),
  ),
  fr: wordsRegex(
    "bonjour|merci|je|vous|est|pas|mais|avec|pour|une|les|des|mon|ma|oui|au revoir|s'il vous plaît|salut|c'est|commande".split(
      '|',
    ),
  ),
  de: wordsRegex(
    'hallo|danke|bitte|ich|nicht|und|ist|mein|meine|der|die|das|guten tag|tschüss|ja|nein|mit|bestellung|kein'.split(
      '|',
    ),
  ),
  it: wordsRegex(
    'ciao|grazie|buongiorno|sono|non|il|della|per favore|mio|mia|perché|come|quando|sì|ordine|aiuto|vorrei'.split(
      '|',
    ),
  ),
};

// Vocabulary and grammar that tell Brazilian from European Portuguese. Brazilian cues include
// chat spelling and the gerund progressive ("estou esperando"); European ones the "a + infinitive"
// progressive ("estou a esperar"), "tu" with its verb forms, and its own nouns.
const BR_CUES: readonly RegExp[] = [
  wordsRegex(
    'você|vocês|vc|vcs|ônibus|celular|tela|time|trem|registro|a gente|tô|tá|pra|pro|né|cadê|legal|bacana|banheiro|geladeira|café da manhã|moça|garoto|garota|planilha|arquivo|baixar|usuário|contato|recepção|fato|cardápio|sorvete|aluguel|xícara|caminhão|grana|beleza|blz|valeu|vlw|oi|bom demais|trocar de'.split(
      '|',
    ),
  ),
  /\b(?:estou|esta|estamos|estao|estava|estavam|fico|ficou|continua|vou|vai|vamos)\s+[a-z]+(?:ando|endo|indo)\b/,
];
const PT_CUES: readonly RegExp[] = [
  wordsRegex(
    'telemóvel|telemóveis|ecrã|ecrãs|autocarro|comboio|equipa|equipas|fixe|casa de banho|pequeno-almoço|pequeno almoço|rapariga|miúdo|utente|utentes|facto|contacto|contactos|receção|percebo|percebes|ficheiro|descarregar|sítio web|frigorífico|sumo|montra|talho|portagem|bué|gajo|consigo ajudá-lo|registo|autocarros|casa-de-banho|estás|tens|podes|queres|sabes|vós|vossa|vosso|imenso|propina'.split(
      '|',
    ),
  ),
  // "estou a fazer", "está a carregar": the European progressive.
  /\b(?:estou|esta|estas|estamos|estao|estava|estavam|ando|anda|continua|fico|ficou)\s+a\s+[a-z]+(?:ar|er|ir|or)\b/,
  /\btu\b/,
];

// Words and spellings only Portuguese has among the six (Spanish writes "sin", "mi", "con", "ñ").
const PORTUGUESE_WORDS =
  /\b(?:nao|voce|voces|sem|meu|minha|meus|minhas|muito|muita|obrigad[oa]|esta|estou|ta|pra|ainda|ja|foi|um|uma|com|isso|esse|essa|tambem|ate|cade|tudo|quero|preciso|tenho|nao|entao|aqui|voces|pedido|atendimento)\b/g;
const PORTUGUESE_SPELLING = /[ãõ]|ç[aoõu]|\p{L}(?:nh|lh)\p{L}/u;

// Function words and spellings Portuguese never uses ("en", "una", "ll", "-ción"): they keep a
// Spanish reading from being overruled.
const SPANISH_ONLY_WORDS =
  /\b(?:sin|mi|mis|con|el|los|las|del|al|en|un|una|unos|es|su|sus|y|pero|muy|bien|fue|son|han|hoy|ayer|ahora|nadie|hace|usted|ustedes|hola|gracias|todavia|aun|yo|tengo|puedo|necesito|quiero|cuenta|hay|ningun|ninguna|ninguno)\b|ll|ci[oó]n(?:es)?\b/;
const spanishOnly = (text: string) => /[ñ¿¡]/.test(text) || SPANISH_ONLY_WORDS.test(foldText(text));

/**
 * Words none of the other five languages writes as a word (folded; "no", "do", "da", "ja", "os",
 * "esta", "essa", "gente", "com" — Spanish, English, German, Italian or a web address have them
 * too — and "são", a city's name, are left out), and those languages' own function words. A message
 * with two of the first (or one and a Portuguese spelling: ã, õ, ça…) and none of the second is
 * Portuguese without asking eld (eld is the dearest step of a message's analysis). On our 21,700
 * labelled sentences in six languages the shortcut and eld agree but for Portuguese that eld could
 * not judge ("nada não", "recebi o reembolso hj"): eld had left them to the tenant's language.
 */
const PLAINLY_PORTUGUESE_WORDS =
  /\b(?:eu|voce|voces|vc|vcs|nao|tambem|entao|obrigad[oa]|ontem|hoje|amanha|ainda|ao|aos|pelo|pela|pelos|pelas|numa|dele|dela|isso|isto|tem|pra|pq|hj|vou|foi|estou|estava|estao|meu|minha|meus|minhas|muito|muita|cade|agora|chegou|recebi|comprei|consigo|ficou|fiz|nem|ninguem|nas|em|um|uma|uns|umas|tudo|quero|tenho|depois|atendimento)\b/g;
const PLAINLY_PORTUGUESE_SPELLING = /[ãõ]|ç[aoõu]/;
const OTHER_FUNCTION_WORDS =
  /\b(?:the|and|is|you|your|my|with|this|that|it|je|vous|pas|les|des|est|ich|und|nicht|das|der|die|ist|il|della|sono|non|per|che|di|ho|lo|sei)\b/;
function plainlyPortuguese(text: string): boolean {
  const folded = foldText(text);
  const words = new Set(folded.match(PLAINLY_PORTUGUESE_WORDS)).size;
  const spelling = PLAINLY_PORTUGUESE_SPELLING.test(text.toLowerCase());
  return (
    (words >= 2 || (words === 1 && spelling)) && !spanishOnly(text) && !OTHER_FUNCTION_WORDS.test(folded)
  );
}

/** How many Portuguese-only signals the text has (to overrule a near-tie Spanish or Italian guess). */
function portugueseSignals(text: string): number {
  const folded = foldText(text);
  const words = new Set(folded.match(PORTUGUESE_WORDS) ?? []).size;
  return words + (PORTUGUESE_SPELLING.test(text.toLowerCase()) ? 2 : 0);
}

function countCues(folded: string, cues: readonly RegExp[]): number {
  let count = 0;
  for (const cue of cues) if (cue.test(folded)) count++;
  return count;
}

/** pt-BR unless the text shows more European cues than Brazilian ones: our users are Brazilian. */
function portugueseVariant(text: string): 'pt' | 'pt-BR' {
  const folded = foldText(text);
  return countCues(folded, PT_CUES) > countCues(folded, BR_CUES) ? 'pt' : 'pt-BR';
}

function byMarkers(text: string): BaseLanguage | undefined {
  const folded = foldText(text);
  const hits = (Object.keys(MARKERS) as BaseLanguage[]).filter((lang) => MARKERS[lang].test(folded));
  return hits.length === 1 ? hits[0] : undefined;
}

export interface LanguageOptions {
  /** Answer when the text is too short or ambiguous to judge (the tenant's default). */
  readonly fallback?: Language;
}

export interface LanguageDetection {
  readonly language: Language;
  /** True when eld (or an unambiguous marker word) decided, false when the fallback was used. */
  readonly reliable: boolean;
}

/** Language with the reason behind it (used for the analysis confidence). */
export function detectLanguageDetailed(text: string, options: LanguageOptions = {}): LanguageDetection {
  const fallback = options.fallback ?? 'pt-BR';
  if (letterCount(text) < MIN_LETTERS) return { language: fallback, reliable: false };
  if (plainlyPortuguese(text)) return { language: portugueseLanguage(text, fallback), reliable: true };
  const result = detector.detect(text);
  let base = result.language as BaseLanguage | '';
  let reliable = base !== '' && result.isReliable();
  if (!reliable) {
    const marked = byMarkers(text);
    if (!marked) return { language: fallback, reliable: false };
    base = marked;
    reliable = true;
  }
  // Near ties ("Entrega rápida" is also Spanish) go to the tenant's language, and Portuguese-only
  // words or spellings overrule a close Spanish/Italian/French guess: our users write Portuguese.
  if (base !== 'en' && base !== 'de') {
    const scores = result.getScores();
    const preferred = (fallback === 'pt-BR' ? 'pt' : fallback) as BaseLanguage;
    const top = scores[base] ?? 0;
    const keep = base === 'es' && spanishOnly(text);
    if (!keep && base !== preferred && (scores[preferred] ?? 0) >= top - 0.02) base = preferred;
    if (!keep && base !== 'pt' && (scores.pt ?? 0) >= top * 0.85 && portugueseSignals(text) >= 2) base = 'pt';
  }
  if (base === 'pt') return { language: portugueseLanguage(text, fallback), reliable };
  return { language: base as Language, reliable };
}

/** pt-BR or pt: a Portuguese fallback keeps its variant unless the text itself shows one. */
function portugueseLanguage(text: string, fallback: Language): 'pt' | 'pt-BR' {
  const variant = portugueseVariant(text);
  return variant === 'pt-BR' && fallback === 'pt' ? fallbackVariant(text) : variant;
}

function fallbackVariant(text: string): 'pt' | 'pt-BR' {
  const folded = foldText(text);
  return countCues(folded, BR_CUES) > 0 ? 'pt-BR' : 'pt';
}

/**
 * One of pt, pt-BR, en, es, fr, de, it. Portuguese is split into pt-BR and pt (European) by
 * vocabulary; Portuguese without cues is pt-BR. Short or unreliable texts get `fallback`.
 */
export function detectLanguage(text: string, options: LanguageOptions = {}): Language {
  return detectLanguageDetailed(text, options).language;
}
