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
  storeMissingVerifier,
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
import { credentialsFor, hashPassword, newPasswordProblem, sha256, verifyPassword } from './passwords.ts';
import { resetCodeMail } from './reset-mail.ts';
import { type CounterHit, clearCounter, hitCounter, secondsUntil } from './security-counters.ts';
import {
  decoySalt,
  isSrpTimestamp,
  makeSrpVerifier,
  nilUuid,
  openSecretBlock,
  parseSrpA,
  sealSecretBlock,
  secretBlockKey,
} from './srp.ts';
import { claimSrpBlock, takeSrpFallback } from './srp-claims.ts';
import { addressKey, Brake, Gate, Saturated } from './throttle.ts';
import { newSecret, refreshLifetimeMs, signTokens } from './tokens.ts';

const minute = 60 * 1000;
const hour = 60 * minute;
const challengeLifetimeMs = 10 * minute;
/** How long an SRP SECRET_BLOCK may be answered. */
export const srpBlockLifetimeMs = 5 * minute;
/**
 * Where our web app puts the SECRET_BLOCK of a refused SRP claim when it falls back to
 * USER_PASSWORD_AUTH in the same submit (ClientMetadata: Cognito passes it to triggers only), so
 * the pair counts as one attempt.
 */
export const srpFallbackMetadataKey = 'atende_srp_fallback';
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
/** A parameter map: a few keys, each value at most a refresh token's size (a USERNAME is capped apart). */
const boundedRecord = z
  .record(z.string().max(64), z.string().max(8192))
  .refine((record) => Object.keys(record).length <= 20, 'Too many parameters');
/** An e-mail's longest form (RFC 5321): a longer USERNAME names nobody and is refused as malformed. */
const maxUsernameLength = 254;
function refuseLongUsername(username: string) {
  if (username.length > maxUsernameLength) {
    throw new IdpError(
      'InvalidParameterException',
      `USERNAME must have at most ${maxUsernameLength} characters`,
    );
  }
}
const initiateAuthInput = z.object({
  AuthFlow: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']),
  ClientId: text,
  AuthParameters: boundedRecord,
  ClientMetadata: boundedRecord.optional(),
});
const respondInput = z.discriminatedUnion('ChallengeName', [
  z.object({
    ChallengeName: z.literal('NEW_PASSWORD_REQUIRED'),
    ClientId: text,
    Session: text,
    ChallengeResponses: z.object({ USERNAME: text, NEW_PASSWORD: z.string().max(256) }).loose(),
  }),
  z.object({
    ChallengeName: z.literal('PASSWORD_VERIFIER'),
    ClientId: text,
    ChallengeResponses: z
      .object({
        USERNAME: text,
        PASSWORD_CLAIM_SECRET_BLOCK: z.string().min(1).max(4096),
        TIMESTAMP: z.string().max(64),
        PASSWORD_CLAIM_SIGNATURE: z.string().max(128),
      })
      .loose(),
  }),
]);
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
  /** Seals and opens SRP SECRET_BLOCKs: derived from the server's key, the same on every process. */
  private readonly blockKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly idp: IdpSettings,
    private readonly key: () => Promise<SigningKey>,
    private readonly mail: MailSender,
    private readonly cpu: CpuPool,
    private readonly limits: IdentityLimits,
    private readonly log: FastifyBaseLogger,
    private readonly events: DomainEvents,
    serverKey: Buffer,
  ) {
    this.blockKey = secretBlockKey(serverKey);
  }

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

  /**
   * SRP's modular arithmetic on the CPU pool, through the hashing gate: off the event loop, at
   * most (cores − 1) at once with argon2, refused (429) when the queue is full.
   */
  private async srpWork<T>(run: () => Promise<T>): Promise<T> {
    return this.hashWork(async () => {
      try {
        return await run();
      } catch (err) {
        // The pool's own queue is full or a worker failed: transient, not a 500.
        this.log.warn({ err }, 'SRP work unavailable');
        throw providerUnavailable();
      }
    });
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
    if (input.AuthFlow === 'USER_PASSWORD_AUTH')
      return this.passwordAuth(input.AuthParameters, client, input.ClientMetadata?.[srpFallbackMetadataKey]);
    if (input.AuthFlow === 'USER_SRP_AUTH') return this.srpAuth(input.AuthParameters, client);
    return this.refreshAuth(input.AuthParameters);
  }

  /**
   * Counts one password try of `username` from `address` (per account and address, per account),
   * with the growing delays from the third; refuses beyond the limits. Before any comparison.
   */
  private async countPasswordTry(username: string, address: string) {
    const pairKey = `signin-pair:${username}|${address}`;
    const [pair] = await this.count(
      [
        { key: pairKey, ...this.limits.signInPerAccountAndAddress },
        { key: `signin-account:${username}`, ...this.limits.signInPerAccount },
      ],
      tooManyRequests,
    );
    // Growing delays from the third try in a window at this address: 250 ms, 500 ms, 1 s.
    const tries = pair?.count ?? 1;
    if (tries >= 3 && !(await this.brake.delay(250 * 2 ** (tries - 3)))) throw tooManyRequests(1);
    return pairKey;
  }

  /** Counts one sign-in call from the client's address. */
  private async countSignInCall(address: string) {
    await this.count([{ key: `signin-ip:${address}`, ...this.limits.signInPerAddress }], tooManyRequests);
  }

  private async passwordAuth(params: Record<string, string>, client: SignInClient, srpFallback?: string) {
    const { ip } = client;
    const username = params.USERNAME?.trim().toLowerCase();
    const password = params.PASSWORD;
    if (!username || !password) {
      throw new IdpError('InvalidParameterException', 'Missing required parameter USERNAME or PASSWORD');
    }
    refuseLongUsername(username);
    // A full hashing queue refuses before anything is counted: a flood must not spend the
    // owner's tries.
    if (this.hashing.saturated) throw tooManyRequests(1);
    const address = addressKey(ip);
    const pairKey = `signin-pair:${username}|${address}`;
    // Our web app's fallback after a refused SRP claim (same submit, same address): that claim was
    // counted, so this is the same attempt. A claim that tested a password (the user had a
    // verifier) already judged it: the fallback does the same work and is refused, so it is never
    // a second guess. Anything else counts as a try of its own.
    const fallback = await this.takeFallback(srpFallback, username, address);
    if (fallback === undefined) {
      await this.countSignInCall(address);
      await this.countPasswordTry(username, address);
    }

    const user = await findUserByEmail(this.db, username);
    const matches = await this.hashWork(() => verifyPassword(user?.passwordHash, password));
    const valid = matches && fallback !== 'tested';
    // A password set before SRP gets its verifier at its first sign-in, so SRP works from then on.
    if (user && valid && !user.srpVerifier) {
      await storeMissingVerifier(this.db, user.id, user.passwordHash, makeSrpVerifier(user.email, password));
    }
    return this.concludeSignIn(user, valid, client, pairKey, fallback !== 'tested');
  }

  /** The refused SRP claim a fallback names, taken once: whether it tested a password. */
  private async takeFallback(
    secretBlock: string | undefined,
    username: string,
    address: string,
  ): Promise<'tested' | 'untested' | undefined> {
    if (!secretBlock) return undefined;
    const block = openSecretBlock(this.blockKey, secretBlock);
    if (!block || block.username !== username) return undefined;
    const tested = await takeSrpFallback(this.db, block.nonce, address);
    if (tested === undefined) return undefined;
    return tested ? 'tested' : 'untested';
  }

  /**
   * What follows a verified (or refused) password, by either flow: refusals (recorded for a known
   * address, after the answer), the first-access challenge, or tokens.
   */
  private async concludeSignIn(
    user: User | undefined,
    valid: boolean,
    client: SignInClient,
    pairKey: string,
    recordFailure = true,
  ) {
    // An invitation's temporary password works for invitationLifetimeDays (a re-sent one, anew).
    const expired =
      user?.mustChangePassword &&
      user.invitedAt &&
      user.invitedAt.getTime() + invitationLifetimeMs <= Date.now();
    if (!user || !valid || !user.enabled || expired) {
      // Recorded for the user's organisation (an unknown address has none), after the answer:
      // the answer must take as long for a known address as for an unknown one.
      if (user && recordFailure) {
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
   * USER_SRP_AUTH: answers the PASSWORD_VERIFIER challenge. Nothing is stored: what the claim
   * needs (b, A, u, the user, the expiry, a nonce) travels sealed in the SECRET_BLOCK. A name
   * without a user, or a user without a verifier yet, gets a stable decoy salt and a B made from
   * a decoy verifier: the same answer and the same work. Counted as a sign-in call of the address
   * (the per-account tries are counted when the claim comes).
   */
  private async srpAuth(params: Record<string, string>, client: SignInClient) {
    const username = params.USERNAME?.trim().toLowerCase();
    if (!username || !params.SRP_A) {
      throw new IdpError('InvalidParameterException', 'Missing required parameter USERNAME or SRP_A');
    }
    refuseLongUsername(username);
    const A = parseSrpA(params.SRP_A);
    if (A === undefined) throw new IdpError('InvalidParameterException', 'Invalid SRP_A value.');
    // As for a password: a full queue refuses before anything is counted.
    if (this.hashing.saturated) throw tooManyRequests(1);
    await this.countSignInCall(addressKey(client.ip));
    const user = await findUserByEmail(this.db, username);
    const verifier = user?.srpVerifier && user.srpSalt ? user.srpVerifier : undefined;
    const { b, B, u } = await this.srpWork(() =>
      this.cpu.run('srpChallenge', { A, verifier: verifier ?? null }),
    );
    const userIdForSrp = user?.email ?? username;
    const secretBlock = sealSecretBlock(this.blockKey, {
      username: userIdForSrp,
      userId: user?.id ?? nilUuid,
      expiresAt: new Date(Date.now() + srpBlockLifetimeMs),
      A,
      b,
      u,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: verifier && user?.srpSalt ? user.srpSalt : decoySalt(this.blockKey, username),
        SRP_B: B.toString(16),
        SECRET_BLOCK: secretBlock,
        USER_ID_FOR_SRP: userIdForSrp,
        USERNAME: userIdForSrp,
      },
    };
  }

  /**
   * RespondToAuthChallenge PASSWORD_VERIFIER: the block must open with this server's key, name
   * this user, not have expired and not have been used (its nonce is inserted: single use on every
   * process). The tries are counted, as for a password, before the verification; a user without a
   * verifier (or no user) is verified against the decoy, after the same work, and refused.
   */
  private async passwordVerifier(
    responses: {
      USERNAME: string;
      PASSWORD_CLAIM_SECRET_BLOCK: string;
      TIMESTAMP: string;
      PASSWORD_CLAIM_SIGNATURE: string;
    },
    client: SignInClient,
  ) {
    const username = responses.USERNAME.trim().toLowerCase();
    const block = openSecretBlock(this.blockKey, responses.PASSWORD_CLAIM_SECRET_BLOCK);
    if (!block || block.username !== username || block.expiresAt.getTime() <= Date.now()) {
      throw wrongCredentials();
    }
    if (this.hashing.saturated) throw tooManyRequests(1);
    const address = addressKey(client.ip);
    const pairKey = await this.countPasswordTry(username, address);
    const found = await findUserByEmail(this.db, username);
    // The block names the user it was made for: a row made since (under the same name) is not it.
    const user = found && found.id === block.userId ? found : undefined;
    const verifier = user?.srpVerifier ?? null;
    const fresh = await claimSrpBlock(this.db, {
      nonce: block.nonce,
      expiresAt: block.expiresAt,
      address,
      tested: verifier !== null,
    });
    if (!fresh) throw wrongCredentials();
    // A TIMESTAMP that is not a real date in the clients' format fails the claim, as in Cognito.
    const signed = await this.srpWork(() =>
      this.cpu.run('srpVerify', {
        challenge: { A: block.A, b: block.b, u: block.u },
        verifier,
        claim: {
          username,
          secretBlock: responses.PASSWORD_CLAIM_SECRET_BLOCK,
          timestamp: responses.TIMESTAMP,
          signature: responses.PASSWORD_CLAIM_SIGNATURE,
        },
      }),
    );
    const valid = signed && isSrpTimestamp(responses.TIMESTAMP);
    // A claim that could not test a password (no verifier yet) is not recorded as a wrong one:
    // the fallback, if one comes, decides.
    return this.concludeSignIn(user, valid, client, pairKey, verifier !== null);
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
    if (input.ChallengeName === 'PASSWORD_VERIFIER')
      return this.passwordVerifier(input.ChallengeResponses, client);
    const sessionHash = sha256(input.Session);
    const challenge = await findLiveChallenge(this.db, sessionHash);
    const user = challenge && (await findUserById(this.db, challenge.userId));
    if (!challenge || !user || user.email !== input.ChallengeResponses.USERNAME.trim().toLowerCase()) {
      throw new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    if (!user.enabled) throw wrongCredentials();
    await this.newPasswordOrThrow(input.ChallengeResponses.NEW_PASSWORD, user.email);
    const credentials = await this.hashWork(() =>
      credentialsFor(user.email, input.ChallengeResponses.NEW_PASSWORD),
    );
    // One transaction: the password, the revoked sessions and the end of this challenge.
    await this.db.transaction((tx) => setPassword(tx, this.events, user.id, credentials));
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
    const credentials = await this.hashWork(() => credentialsFor(user.email, input.Password));
    await this.db.transaction(async (tx) => {
      if (!(await markResetCodeUsed(tx, claimed.id))) throw mismatch();
      await setPassword(tx, this.events, user.id, credentials);
    });
    return {};
  }
}
