import { randomInt } from 'node:crypto';
import { invitationLifetimeDays } from '@atende/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { CpuPool } from '../../lib/cpu/pool.ts';
import type { DomainEvents, SignInFailure } from '../../lib/events.ts';
import {
  claimResetAttempt,
  findLiveChallenge,
  findLiveRefreshToken,
  findUserByEmail,
  findUserById,
  insertChallenge,
  insertRefreshToken,
  markResetCodeUsed,
  recordSignIn,
  replaceResetCode,
  setPassword,
} from './identity.repo.ts';
import {
  IdpError,
  limitExceeded,
  providerUnavailable,
  tooManyRequests,
  wrongCredentials,
} from './idp.errors.ts';
import type { IdpSettings } from './idp-config.ts';
import type { SigningKey } from './keys.ts';
import { enqueueMail, type MailSender } from './mail-queue.ts';
import { hashPassword, newPasswordProblem, sha256, verifyPassword } from './passwords.ts';
import { resetCodeMail } from './reset-mail.ts';
import { type CounterHit, clearCounter, hitCounter, secondsUntil } from './security-counters.ts';
import { addressKey, Brake, Gate, Saturated } from './throttle.ts';
import { newSecret, refreshLifetimeMs, signTokens } from './tokens.ts';

const minute = 60 * 1000;
const hour = 60 * minute;
const challengeLifetimeMs = 10 * minute;
const resetCodeLifetimeMs = hour;
const invitationLifetimeMs = invitationLifetimeDays * 24 * hour;

/**
 * Every limit of the provider (docs/SECURITY.md lists them). Counted in the database before the
 * comparison they guard, for known and unknown names alike.
 */
export function identityLimits(
  config: Pick<Config, 'SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE' | 'RESET_LIMIT_PER_ADDRESS_PER_HOUR'>,
) {
  return {
    /** Sign-in calls per client address; generous: a whole office may sit behind one NAT address. */
    signInPerAddress: { limit: config.SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE, windowMs: minute },
    /** Password tries per account from one address; slowed down from the 3rd, refused after the 5th. */
    signInPerAccountAndAddress: { limit: 5, windowMs: 15 * minute },
    /** Password tries per account from all addresses: only a many-address attack reaches it. */
    signInPerAccount: { limit: 50, windowMs: 15 * minute },
    /** Reset codes (mails) per name, known or not, and per client address. */
    resetMailsPerName: { limit: 5, windowMs: hour },
    resetMailsPerAddress: { limit: config.RESET_LIMIT_PER_ADDRESS_PER_HOUR, windowMs: hour },
    /** Reset-code confirmations per name and per client address. */
    confirmPerName: { limit: 10, windowMs: hour },
    confirmPerAddress: { limit: 2 * config.RESET_LIMIT_PER_ADDRESS_PER_HOUR, windowMs: hour },
    /** Wrong codes a reset code survives; after them it is dead and a new one must be requested. */
    resetCodeAttempts: 5,
  } as const;
}

export type IdentityLimits = ReturnType<typeof identityLimits>;

// Request shapes, as Cognito's API reference gives them (only the fields we use are checked).
const text = z.string().min(1).max(2048);
const initiateAuthInput = z.object({
  AuthFlow: z.enum(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']),
  ClientId: text,
  AuthParameters: z.record(z.string(), z.string()),
});
const respondInput = z.object({
  ChallengeName: z.literal('NEW_PASSWORD_REQUIRED'),
  ClientId: text,
  Session: text,
  ChallengeResponses: z.object({ USERNAME: text, NEW_PASSWORD: z.string().max(256) }).loose(),
});
const forgotInput = z.object({ ClientId: text, Username: text });
const confirmForgotInput = z.object({
  ClientId: text,
  Username: text,
  // Checked here, before any look-up: a malformed code gets one answer whoever the user is.
  ConfirmationCode: z.string().regex(/^\d{6}$/),
  Password: z.string().max(256),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.join('.') || 'request';
  throw new IdpError(
    'InvalidParameterException',
    `1 validation error detected: Value at '${where}' failed to satisfy constraint`,
  );
}

/** Where a sign-in comes from, for its audit record. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

/** Masks an address the way Cognito does: a***@e***.com. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***.${rest.join('.')}`;
};

/**
 * The built-in identity provider: Cognito user-pool operations over our users table. Answers
 * never tell whether an e-mail exists: unknown names get the same limits, the same work (a decoy
 * hash) and the same answers. Every limit is counted atomically in the database before the
 * password or code is compared, so it holds under concurrency and across server processes.
 */
export class IdentityProvider {
  /** Password hashing takes at most (cores − 1) threads, so a flood cannot starve the API. */
  private readonly hashing = new Gate();
  /** Throttled requests wait before their answer (slowing a flood), up to 1 s, 200 at once. */
  private readonly brake = new Brake();

  constructor(
    private readonly db: Db,
    private readonly idp: IdpSettings,
    private readonly key: () => Promise<SigningKey>,
    private readonly mail: MailSender,
    private readonly cpu: CpuPool,
    private readonly limits: IdentityLimits,
    private readonly log: FastifyBaseLogger,
    private readonly events: DomainEvents,
  ) {}

  private checkClient(clientId: string) {
    if (clientId !== this.idp.clientId) {
      throw new IdpError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    }
  }

  /** Runs a password/code hash or verification through the hashing gate. */
  private async hashWork<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.hashing.run(work);
    } catch (err) {
      if (err instanceof Saturated) throw tooManyRequests(1);
      throw err;
    }
  }

  /** Refuses a throttled request, after a pause that slows a flood down (or at once when too many wait). */
  private async refuse(error: IdpError): Promise<never> {
    await this.brake.delay(1000);
    throw error;
  }

  /** Counts one event under each key; refuses (after the brake) when any is over its limit. */
  private async count(
    checks: Array<{ key: string; limit: number; windowMs: number }>,
    refusal: (retryAfterSeconds: number) => IdpError,
  ): Promise<CounterHit[]> {
    const hits: CounterHit[] = [];
    for (const check of checks) {
      const hit = await hitCounter(this.db, check.key, check.windowMs);
      if (hit.count > check.limit) return this.refuse(refusal(secondsUntil(hit.resetAt)));
      hits.push(hit);
    }
    return hits;
  }

  private async newPasswordOrThrow(password: string, email: string) {
    let problem: string | undefined;
    try {
      problem = await newPasswordProblem(password, email, this.cpu);
    } catch (err) {
      // The worker pool is saturated (its queue is bounded) or failed: transient, not a 500.
      this.log.warn({ err }, 'password strength check unavailable');
      throw providerUnavailable();
    }
    if (problem) throw new IdpError('InvalidPasswordException', problem);
  }

  private async tokensFor(user: User, authTime: Date, withRefresh: boolean) {
    const result: Record<string, unknown> = await signTokens(user, authTime, await this.key(), this.idp);
    if (withRefresh) {
      const refreshToken = newSecret();
      const stored = await insertRefreshToken(this.db, user.tokenGeneration, {
        userId: user.id,
        tokenHash: sha256(refreshToken),
        authTime,
        expiresAt: new Date(Date.now() + refreshLifetimeMs),
      });
      // The password changed (or the user was disabled) meanwhile: these tokens are already dead.
      if (!stored) throw wrongCredentials();
      result.RefreshToken = refreshToken;
    }
    return { ChallengeParameters: {}, AuthenticationResult: result };
  }

  async initiateAuth(body: unknown, client: SignInClient) {
    const input = parse(initiateAuthInput, body);
    this.checkClient(input.ClientId);
    if (input.AuthFlow === 'USER_PASSWORD_AUTH') return this.passwordAuth(input.AuthParameters, client);
    return this.refreshAuth(input.AuthParameters);
  }

  private async passwordAuth(params: Record<string, string>, client: SignInClient) {
    const { ip } = client;
    const username = params.USERNAME?.trim().toLowerCase();
    const password = params.PASSWORD;
    if (!username || !password) {
      throw new IdpError('InvalidParameterException', 'Missing required parameter USERNAME or PASSWORD');
    }
    // A full hashing queue refuses before anything is counted: a flood must not spend the
    // owner's tries.
    if (this.hashing.saturated) throw tooManyRequests(1);
    const address = addressKey(ip);
    const pairKey = `signin-pair:${username}|${address}`;
    const [, pair] = await this.count(
      [
        { key: `signin-ip:${address}`, ...this.limits.signInPerAddress },
        { key: pairKey, ...this.limits.signInPerAccountAndAddress },
        { key: `signin-account:${username}`, ...this.limits.signInPerAccount },
      ],
      tooManyRequests,
    );
    // Growing delays from the third try in a window at this address: 250 ms, 500 ms, 1 s.
    const tries = pair?.count ?? 1;
    if (tries >= 3 && !(await this.brake.delay(250 * 2 ** (tries - 3)))) throw tooManyRequests(1);

    const user = await findUserByEmail(this.db, username);
    const valid = await this.hashWork(() => verifyPassword(user?.passwordHash, password));
    // An invitation's temporary password works for invitationLifetimeDays (a re-sent one, anew).
    const expired =
      user?.mustChangePassword &&
      user.invitedAt &&
      user.invitedAt.getTime() + invitationLifetimeMs <= Date.now();
    if (!user || !valid || !user.enabled || expired) {
      // Recorded for the user's organisation (an unknown address has none), after the answer:
      // the answer must take as long for a known address as for an unknown one.
      if (user) {
        const reason = !valid ? 'wrong_password' : !user.enabled ? 'disabled' : 'invitation_expired';
        this.inBackground(this.noteSignIn(user, client, reason), 'sign-in failure not recorded');
      }
      throw wrongCredentials();
    }
    await clearCounter(this.db, pairKey);
    if (user.mustChangePassword) {
      const session = newSecret();
      await insertChallenge(this.db, {
        sessionHash: sha256(session),
        userId: user.id,
        expiresAt: new Date(Date.now() + challengeLifetimeMs),
      });
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.email,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email: user.email }),
        },
      };
    }
    await this.noteSignIn(user, client);
    return this.tokensFor(user, new Date(), true);
  }

  /**
   * A sign-in (or a refused one, with its reason) as a domain event of the user's organisation:
   * the audit module records it (reactions.ts); a success also notes the user's last sign-in.
   */
  private async noteSignIn(user: User, client: SignInClient, failure?: SignInFailure) {
    const data = { user_id: user.id, email: user.email, ip: client.ip, user_agent: client.userAgent };
    await this.db.transaction(async (tx) => {
      if (failure)
        return void (await this.events.publish(tx, user.tenantId, 'user.sign_in_failed', {
          ...data,
          reason: failure,
        }));
      await recordSignIn(tx, user.id);
      await this.events.publish(tx, user.tenantId, 'user.signed_in', data);
    });
  }

  private async refreshAuth(params: Record<string, string>) {
    const token = params.REFRESH_TOKEN;
    if (!token) throw new IdpError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
    const stored = await findLiveRefreshToken(this.db, sha256(token));
    const user = stored && (await findUserById(this.db, stored.userId));
    if (!stored || !user?.enabled) throw new IdpError('NotAuthorizedException', 'Invalid Refresh Token');
    return this.tokensFor(user, stored.authTime, false);
  }

  async respondToAuthChallenge(body: unknown, client: SignInClient) {
    const input = parse(respondInput, body);
    this.checkClient(input.ClientId);
    const sessionHash = sha256(input.Session);
    const challenge = await findLiveChallenge(this.db, sessionHash);
    const user = challenge && (await findUserById(this.db, challenge.userId));
    if (!challenge || !user || user.email !== input.ChallengeResponses.USERNAME.trim().toLowerCase()) {
      throw new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    if (!user.enabled) throw wrongCredentials();
    await this.newPasswordOrThrow(input.ChallengeResponses.NEW_PASSWORD, user.email);
    const passwordHash = await this.hashWork(() => hashPassword(input.ChallengeResponses.NEW_PASSWORD));
    // One transaction: the password, the revoked sessions and the end of this challenge.
    await this.db.transaction((tx) => setPassword(tx, this.events, user.id, passwordHash));
    // The new password bumped the token generation: sign with the row as it is now.
    const updated = await findUserById(this.db, user.id);
    await this.noteSignIn(user, client);
    return this.tokensFor(updated ?? user, new Date(), true);
  }

  async forgotPassword(body: unknown, ip: string) {
    const input = parse(forgotInput, body);
    this.checkClient(input.ClientId);
    const email = input.Username.trim().toLowerCase();
    // Counted for every name, known or not: the answer at the 6th request is the same for both.
    await this.count(
      [
        { key: `reset-ip:${addressKey(ip)}`, ...this.limits.resetMailsPerAddress },
        { key: `reset-name:${email}`, ...this.limits.resetMailsPerName },
      ],
      limitExceeded,
    );
    // The answer does the same work for every name: the code is made, stored and mailed after
    // it, in the background, so a known e-mail takes no longer to answer than an unknown one.
    const user = await findUserByEmail(this.db, email);
    if (user?.enabled) this.inBackground(this.issueResetCode(user), 'reset code not issued');
    return {
      CodeDeliveryDetails: { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    };
  }

  private async issueResetCode(user: User) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = await this.hashWork(() => hashPassword(code));
    const mailId = await this.db.transaction(async (tx) => {
      await replaceResetCode(tx, {
        userId: user.id,
        codeHash,
        expiresAt: new Date(Date.now() + resetCodeLifetimeMs),
      });
      return enqueueMail(tx, resetCodeMail(user.email, code));
    });
    this.mail.sendSoon(mailId);
  }

  private readonly background = new Set<Promise<void>>();

  private inBackground(work: Promise<void>, failure: string) {
    const settled = work
      .catch((err) => this.log.error({ err }, failure))
      .finally(() => this.background.delete(settled));
    this.background.add(settled);
  }

  /** Waits for the work still running after its answer (on app close). */
  async close() {
    await Promise.allSettled([...this.background]);
  }

  async confirmForgotPassword(body: unknown, ip: string) {
    const input = parse(confirmForgotInput, body);
    this.checkClient(input.ClientId);
    const email = input.Username.trim().toLowerCase();
    await this.count(
      [
        { key: `confirm-ip:${addressKey(ip)}`, ...this.limits.confirmPerAddress },
        { key: `confirm-name:${email}`, ...this.limits.confirmPerName },
      ],
      limitExceeded,
    );
    // One answer for every failure (no code, a dead or expired code, a wrong code, an unknown or
    // disabled user), after the same work: the answers must not tell which accounts exist.
    const mismatch = () =>
      new IdpError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again or request a new code.',
      );
    const user = await findUserByEmail(this.db, email);
    // The attempt is spent before the comparison: at most resetCodeAttempts comparisons per code.
    const claimed = user?.enabled
      ? await claimResetAttempt(this.db, user.id, this.limits.resetCodeAttempts)
      : undefined;
    const codeMatches = await this.hashWork(() => verifyPassword(claimed?.codeHash, input.ConfirmationCode));
    if (!user || !claimed || !codeMatches) throw mismatch();
    // Only now, for the owner of the code: the password rule (zxcvbn is not free work to offer
    // anyone who asks). A refused password leaves the code usable for its remaining attempts.
    await this.newPasswordOrThrow(input.Password, email);
    const passwordHash = await this.hashWork(() => hashPassword(input.Password));
    await this.db.transaction(async (tx) => {
      if (!(await markResetCodeUsed(tx, claimed.id))) throw mismatch();
      await setPassword(tx, this.events, user.id, passwordHash);
    });
    return {};
  }
}
