/** Only the digits of a CPF or CNPJ (the API stores digits; people type punctuation). */
export function documentDigits(document: string): string {
  return document.replace(/\D/g, '');
}

/**
 * A document for display: CPF 000.000.000-00 (11 digits), CNPJ 00.000.000/0000-00 (14 digits);
 * anything else is shown as it came.
 */
export function formatDocument(document: string): string {
  const digits = documentDigits(document);
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return document;
}
