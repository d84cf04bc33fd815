import { createHash, randomInt } from 'node:crypto';
import { passwordMinLength, passwordProblems } from '@atende/contracts/password-policy';
import type { StrengthInput } from './password-strength.ts';
import { makeSrpVerifier, type SrpVerifier } from './srp.ts';

/** @node-rs/argon2 (a native addon), loaded on first use: a start hashes nothing. */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const argon = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = async (password: string) => (await argon()).hash(password);

/** A password as stored: its argon2 hash and its SRP verifier, always made and written together. */
export type Credentials = { passwordHash: string } & SrpVerifier;

/**
 * What a user row stores for `password`: the one way a password is set (CLI, seed, first access,
 * reset, invitation). `email` is the stored, lower-case one (SRP's username).
 */
export async function credentialsFor(email: string, password: string): Promise<Credentials> {
  return { passwordHash: await hashPassword(password), ...makeSrpVerifier(email.toLowerCase(), password) };
}

/** A hash of a random password: verified against when the user does not exist, so that an
 * unknown e-mail costs the same time as a wrong password (no user enumeration by timing). Made
 * by the process's first password check, whichever its branch (not at start: issue 33). */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  decoyHash ??= hashPassword(`decoy-${randomInt(1e9)}`);
  const { verify } = await argon();
  if (!passwordHash) {
    await verify(await decoyHash, password);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** The zxcvbn score a password needs: 4 (the top) when shorter than 14 characters, else 3. */
const minScoreShort = 4;
const minScoreLong = 3;
const longFrom = 14;

/**
 * The rules that need no scoring, in the order people fix them: length and Cognito's character
 * classes. Returns the pt-BR sentence of the first unmet one, or undefined. Letters count with
 * their accents (á is a lowercase letter, not a symbol); a space counts as a symbol, as in Cognito.
 */
export function passwordPolicyProblem(password: string): string | undefined {
  if ([...password].length < passwordMinLength) return passwordProblems.tooShort;
  if (!/\p{Ll}/u.test(password)) return passwordProblems.noLowercase;
  if (!/\p{Lu}/u.test(password)) return passwordProblems.noUppercase;
  if (!/[0-9]/.test(password)) return passwordProblems.noDigit;
  if (!/[^\p{L}\p{N}]/u.test(password)) return passwordProblems.noSymbol;
  return undefined;
}

/** The e-mail's words, for zxcvbn to penalise: the name part, its pieces and the domain's. */
export function emailWords(email: string): string[] {
  const lower = email.trim().toLowerCase();
  const name = lower.split('@')[0] ?? '';
  const words = [name, ...lower.split(/[@._+-]+/)].filter((word) => word.length >= 3);
  return [...new Set(words)];
}

/**
 * Why a new password is refused (a pt-BR sentence the screens show as is), or undefined when it
 * is accepted: the rules above, then not the e-mail's name part (3+ characters, any case), then
 * zxcvbn's score of the first 64 characters, with the e-mail's words as the user's own, on the
 * CPU pool (the server's, or `scoreInThisThread` in one-shot processes).
 */
export async function newPasswordProblem(
  password: string,
  email: string,
  cpu: PasswordScorer,
): Promise<string | undefined> {
  const ruleProblem = passwordPolicyProblem(password);
  if (ruleProblem) return ruleProblem;
  const name = email.trim().toLowerCase().split('@')[0] ?? '';
  if (name.length >= 3 && password.toLowerCase().includes(name)) return passwordProblems.containsEmail;
  const score = await cpu.run('passwordStrength', { password, userInputs: emailWords(email) });
  const needed = [...password].length < longFrom ? minScoreShort : minScoreLong;
  return score < needed ? passwordProblems.guessable : undefined;
}

/** What scores passwords: the CPU pool (`CpuPool` fits), or `scoreInThisThread`. */
export interface PasswordScorer {
  run(task: 'passwordStrength', input: StrengthInput): Promise<number>;
}

/**
 * zxcvbn on the calling thread, for one-shot processes (admin CLI, tests, e2e set-up) where
 * nothing else waits on the event loop. Never in the server: use its CPU pool.
 */
export const scoreInThisThread: PasswordScorer = {
  async run(_task, input) {
    const { passwordStrength } = await import('./password-strength.ts');
    return passwordStrength(input);
  },
};

/** A password that meets the policy (16 random characters, ~55 bits), for the demo user and
 * CLI-made temporary passwords; no look-alikes (i, l, o, 0, 1). The CLI still checks it against
 * the e-mail. */
export function generatePassword() {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const pick = (chars: string, n: number) =>
    Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');
  return `${pick(letters.toUpperCase(), 3)}${pick(letters, 6)}-${pick('23456789', 5)}#`;
}

/** A generated password that passes the policy for this e-mail too (`generatePassword` could, by
 * chance, spell the e-mail's name). */
export async function generatePasswordFor(email: string, scorer: PasswordScorer): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const password = generatePassword();
    if (!(await newPasswordProblem(password, email, scorer))) return password;
  }
  throw new Error(`No generated password passed the policy for ${email}`);
}

/** SHA-256 for secrets handed out whole (refresh tokens, sessions): high-entropy, so no salt needed. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const temporaryAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A temporary password for an invitation: three groups of four random characters with hyphens
 * (about 70 bits; no look-alike characters), meeting the policy's character classes. The first
 * access replaces it.
 */
export function temporaryPassword(): string {
  for (;;) {
    const group = () =>
      Array.from({ length: 4 }, () => temporaryAlphabet[randomInt(temporaryAlphabet.length)]).join('');
    const password = `${group()}-${group()}-${group()}`;
    if (passwordPolicyProblem(password) === undefined) return password;
  }
}
