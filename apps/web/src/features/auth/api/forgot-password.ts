import { getIdp } from './idp.ts';

/** ForgotPassword: the provider mails a verification code to the user. */
export async function requestPasswordReset(email: string): Promise<void> {
  const idp = await getIdp();
  await idp.forgotPassword(email);
}
