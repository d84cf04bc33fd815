import { passwordRule } from '@atende/contracts/password-policy';

/** Checks done before calling the identity provider; the password policy is the provider's. */

// The HTML definition of an e-mail address, loosely: something@something, no spaces.
const emailShape = /^[^\s@]+@[^\s@]+$/;

export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Informe seu e-mail.';
  if (!emailShape.test(email.trim())) return 'Informe um e-mail válido, como nome@empresa.com.br.';
  return undefined;
}

export function requiredProblem(value: string, message: string): string | undefined {
  return value === '' ? message : undefined;
}

/** The policy the provider enforces, shown under each new-password field before anyone types. */
export const passwordPolicyHint = passwordRule;

/** Where the login screen came from: only a path inside this app, never /login itself. */
export function safeReturnPath(from: unknown): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  if (from === '/login' || from.startsWith('/login?')) return undefined;
  return from;
}
