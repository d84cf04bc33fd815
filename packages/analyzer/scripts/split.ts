/**
 * Deterministic split of the labelled dev sets: a "rules-writing" part that may be read while
 * writing rules, and a held-out part that only eval.ts reads. The split hashes the text (FNV-1a,
 * 32 bits), so it does not depend on file order and a sentence never changes side.
 */
export type Part = 'rules' | 'heldout';

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function partOf(text: string): Part {
  return fnv1a(text.normalize('NFC')) % 2 === 0 ? 'rules' : 'heldout';
}
