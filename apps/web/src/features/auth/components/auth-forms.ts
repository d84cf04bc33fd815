import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { type AuthOperation, idpErrorMessage, isPasswordRefusal } from '../api/idp-errors.ts';

/** The checks done before calling the identity provider; the password policy is the provider's. */

// The HTML definition of an e-mail address, loosely: something@something, no spaces.
const emailShape = /^[^\s@]+@[^\s@]+$/;

export const emailField = z
  .string()
  .trim()
  .min(1, 'Informe seu e-mail.')
  .regex(emailShape, 'Informe um e-mail válido, como nome@empresa.com.br.');

export const newPasswordField = z.string().min(1, 'Informe a nova senha.');

/**
 * Says an identity-provider failure once: a refused new password under its field (focused; the
 * rule stays above the reason), anything else in the form's FormError.
 */
export function showIdpFailure<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  failure: unknown,
  operation: AuthOperation,
  newPasswordField?: Path<Values>,
) {
  const message = idpErrorMessage(failure, operation);
  if (newPasswordField && isPasswordRefusal(failure)) {
    form.setError(newPasswordField, { type: 'server', message }, { shouldFocus: true });
  } else {
    form.setError('root', { type: 'server', message });
  }
}

/** Where the login screen came from: only a path inside this app, never /login itself. */
export function safeReturnPath(from: unknown): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  if (from === '/login' || from.startsWith('/login?')) return undefined;
  return from;
}
