import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { CpuPool } from '../../lib/cpu/pool.ts';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

/** A hash of a random password: verified against when the user does not exist, so that an
 * unknown e-mail costs the same time as a wrong password (no user enumeration by timing). */
const decoyHash = hash(`decoy-${randomInt(1e9)}`);

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  if (!passwordHash) {
    await verify(await decoyHash, password);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** Cognito's default policy; returns the unmet rule (in Cognito's words), or undefined. */
export function passwordPolicyProblem(password: string): string | undefined {
  if (password.length < 8) return 'Password not long enough';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Password must have symbol characters';
  return undefined;
}

/**
 * Why a new password is refused (a pt-BR sentence the screens show), or undefined when it is
 * accepted. TODO(issue 11, item 11): zxcvbn on the CPU pool; today only Cognito's classes.
 */
export async function newPasswordProblem(
  password: string,
  _email: string,
  _cpu: CpuPool,
): Promise<string | undefined> {
  return passwordPolicyProblem(password);
}

/** A password that meets the policy, for the demo user and CLI-made temporary passwords. */
export function generatePassword() {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const pick = (chars: string, n: number) =>
    Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');
  return `${pick(letters.toUpperCase(), 2)}${pick(letters, 6)}-${pick('23456789', 4)}#`;
}

/** SHA-256 for secrets handed out whole (refresh tokens, sessions): high-entropy, so no salt needed. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
