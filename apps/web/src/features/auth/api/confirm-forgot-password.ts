import { getIdp } from './idp.ts';

/** ConfirmForgotPassword: the mailed code plus the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const idp = await getIdp();
  await idp.confirmForgotPassword(email, code, newPassword);
}
