import { buildLexicon } from './types.ts';

/**
 * Minimal French, German and Italian word lists: enough for plain praise and complaints; the
 * product's users write Portuguese, so these only keep a foreign message from reading as neutral.
 */
export const FR_LEXICON = buildLexicon({
  terms: [
    [3, 'excellent|excellente|parfait|parfaite|génial|formidable|merveilleux|impeccable'],
    [2, 'content|contente|satisfait|satisfaite|efficace|rapide|aimable|bravo'],
    [1.5, 'merci|bien'],
    [-1.5, 'retard|erreur|problème|lent|lente|cassé|cassée|plante|bloqué'],
    [-2, 'mauvais|mauvaise|déçu|déçue|énervé'],
    [-3, 'horrible|terrible|nul|nulle|inacceptable|honteux|arnaque|pire'],
  ],
  expectations: [[0.5, -2, 'fonctionne|marche|répond|arrivée|arrivé|résolu|reçu']],
  fixed: [],
  negators: [
    [3, 'ne|n|pas|jamais|rien|personne|aucun|aucune'],
    [2, 'sans'],
  ],
  intensifiers: [[1.5, 'très|trop|vraiment|tellement|super']],
  postIntensifiers: [],
  contrasts: 'mais|cependant|pourtant|toutefois',
  neutral: 'bonjour|bonsoir|s il vous plaît',
});

export const DE_LEXICON = buildLexicon({
  negationLooksBack: true,
  terms: [
    [3, 'ausgezeichnet|perfekt|hervorragend|toll|großartig|super|wunderbar|fantastisch'],
    [2, 'zufrieden|schnell|freundlich|hilfreich|danke|gut'],
    [-1.5, 'problem|fehler|verspätung|langsam|kaputt|abgestürzt|stürzt'],
    [-2, 'schlecht|enttäuscht|ärgerlich|unzufrieden'],
    [-3, 'schrecklich|furchtbar|katastrophe|unverschämt|betrug|inakzeptabel|miserabel'],
  ],
  expectations: [[0.5, -2, 'funktioniert|geht|angekommen|gelöst|erhalten|antwortet|da']],
  fixed: [],
  negators: [
    [3, 'nicht|kein|keine|keinen|keiner|nie|niemals|nichts|niemand|immer noch nicht|noch nicht'],
    [2, 'ohne'],
  ],
  intensifiers: [[1.5, 'sehr|wirklich|total|extrem|echt|so']],
  postIntensifiers: [],
  contrasts: 'aber|jedoch|doch|trotzdem',
  neutral: 'guten tag|guten morgen|hallo|bitte',
});

export const IT_LEXICON = buildLexicon({
  terms: [
    [3, 'eccellente|perfetto|perfetta|fantastico|fantastica|ottimo|ottima|meraviglioso|impeccabile'],
    [2, 'contento|contenta|soddisfatto|soddisfatta|gentile|veloce|rapido|bravi|grazie|buono|buona'],
    [-1.5, 'ritardo|errore|problema|lento|lenta|rotto|rotta|bloccato'],
    [-2, 'cattivo|cattiva|deluso|delusa|arrabbiato|scadente'],
    [-3, 'pessimo|pessima|terribile|orribile|vergogna|inaccettabile|truffa|peggiore'],
  ],
  expectations: [[0.5, -2, 'funziona|arrivato|arrivata|risolto|ricevuto|risponde|rispondono']],
  fixed: [],
  negators: [
    [3, 'non|mai|niente|nessuno|nessuna|nulla|ancora non'],
    [2, 'senza'],
  ],
  intensifiers: [[1.5, 'molto|troppo|davvero|veramente|super|così']],
  postIntensifiers: [],
  contrasts: 'ma|però|tuttavia|eppure',
  neutral: 'buongiorno|buonasera|ciao|per favore',
});
