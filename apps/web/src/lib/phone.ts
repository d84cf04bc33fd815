import { formatPhone as maskPhone } from '@brazilian-utils/brazilian-utils/format-phone';
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { parsePhone } from '@brazilian-utils/brazilian-utils/parse-phone';

/**
 * A phone as people read it: a Brazilian number (with or without +55, as DigiSac stores it,
 * `5541996910256`, or as typed, `(41) 99691-0256`) becomes `+55 (41) 99691-0256`; anything else
 * (a foreign number, an extension, free text) is shown as stored.
 */
export function formatPhone(phone: string): string {
  const text = phone.trim();
  // Letters mean free text ('ramal 12'): shown as typed, never reduced to its digits.
  if (/\p{L}/u.test(text) || !isValidPhone(text)) return text;
  return `+55 ${maskPhone(parsePhone(text), { mask: 'nanp' })}`;
}
