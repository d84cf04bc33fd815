/**
 * Folds text for matching: lower case, accents removed (ç→c, ã→a), whitespace collapsed.
 * "Reclame AQUI" and "reclame aqui", "justiça" and "justica" fold to the same string.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
