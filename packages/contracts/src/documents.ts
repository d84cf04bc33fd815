// Brazilian tax documents: CPF (people, 11 digits) and CNPJ (companies, 14 digits). Plain
// functions, no zod: the API's validation and the bulk generator (seed-bulk) share them.

/** The punctuation a formatted document may carry: 390.533.447-05, 11.222.333/0001-81. */
const punctuation = /[.\-/\s]/g;

/** The digits of a document typed digits-only or formatted; undefined when anything else is in it. */
function digitsOf(doc: string, length: number): number[] | undefined {
  const bare = doc.replace(punctuation, '');
  if (bare.length !== length || !/^\d+$/.test(bare)) return undefined;
  // 000.000.000-00, 111.111.111-11…: the check digits add up, but no such document exists.
  if (/^(\d)\1*$/.test(bare)) return undefined;
  return [...bare].map(Number);
}

/** Σ digit × weight over the first weights.length digits. */
const weighted = (digits: number[], weights: number[]) =>
  weights.reduce((sum, weight, i) => sum + (digits[i] ?? 0) * weight, 0);

/** A check digit of the modulo-11 scheme both documents use: 11 − (sum mod 11), 10 and 11 → 0. */
const checkDigit = (sum: number) => {
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

const cpfWeights1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const cpfWeights2 = [11, ...cpfWeights1];

/**
 * The two check digits of a CPF whose first nine digits are `base9` (digits only), e.g.
 * cpfCheckDigits('390533447') === '05'. Throws when base9 is not nine digits.
 */
export function cpfCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError('A CPF base has nine digits.');
  const digits = [...base9].map(Number);
  const first = checkDigit(weighted(digits, cpfWeights1));
  const second = checkDigit(weighted([...digits, first], cpfWeights2));
  return `${first}${second}`;
}

/** Whether `doc` is a valid CPF: 11 digits (bare or as 000.000.000-00) whose check digits match. */
export function isValidCpf(doc: string): boolean {
  const digits = digitsOf(doc, 11);
  if (!digits) return false;
  return cpfCheckDigits(digits.slice(0, 9).join('')) === digits.slice(9).join('');
}

const cnpjWeights1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const cnpjWeights2 = [6, ...cnpjWeights1];

/**
 * Whether `doc` is a valid CNPJ: 14 digits (bare or as 00.000.000/0000-00) whose check digits
 * match. The alphanumeric CNPJ (issued from July 2026) is not accepted yet.
 */
export function isValidCnpj(doc: string): boolean {
  const digits = digitsOf(doc, 14);
  if (!digits) return false;
  const first = checkDigit(weighted(digits, cnpjWeights1));
  const second = checkDigit(weighted([...digits.slice(0, 12), first], cnpjWeights2));
  return digits[12] === first && digits[13] === second;
}

/** Only the digits of a document (the API stores digits; people type punctuation). */
export const documentDigits = (doc: string) => doc.replace(/\D/g, '');

/**
 * A document for display: CPF 000.000.000-00 (11 digits), CNPJ 00.000.000/0000-00 (14 digits);
 * anything else is shown as it came.
 */
export function formatDocument(doc: string): string {
  const digits = documentDigits(doc);
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return doc;
}

/**
 * What is wrong with a customer's document, in pt-BR, or undefined when it is a valid CPF or CNPJ.
 * Its digits count (whatever else was typed around them, as the API stores them): 11 → a CPF,
 * 14 → a CNPJ, whose check digits must match; any other count is neither.
 */
export function documentProblem(doc: string): string | undefined {
  const digits = documentDigits(doc);
  if (digits.length === 11) return isValidCpf(digits) ? undefined : 'CPF inválido: confira os dígitos.';
  if (digits.length === 14) return isValidCnpj(digits) ? undefined : 'CNPJ inválido: confira os dígitos.';
  return 'Documento deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).';
}
