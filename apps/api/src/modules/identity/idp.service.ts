import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import {
  countResetAttempt,
  countResetCodesSince,
  deleteChallenge,
  findLiveChallenge,
  findLiveRefreshToken,
  findUserByEmail,
  findUserById,
  insertChallenge,
  insertRefreshToken,
  markResetCodeUsed,
  newestOpenResetCode,
  replaceResetCode,
  setPassword,
} from './identity.repo.ts';
import { IdpError, wrongCredentials } from './idp.errors.ts';
import type { IdpSettings } from './idp-config.ts';
import type { SigningKey } from './keys.ts';
import type { SendMail } from './mailer.ts';
import { hashPassword, passwordPolicyProblem, sha256, verifyPassword } from './passwords.ts';
import { RateLimiter } from './rate-limit.ts';
import { resetCodeMail } from './reset-mail.ts';
import { newSecret, refreshLifetimeMs, signTokens } from './tokens.ts';

const challengeLifetimeMs = 10 * 60 * 1000;
const resetCodeLifetimeMs = 60 * 60 * 1000;
const resetCodesPerHour = 5;
const resetCodeAttempts = 5;

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
  ConfirmationCode: z.string().max(64),
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

/** Masks an address the way Cognito does: a***@e***.com. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***.${rest.join('.')}`;
};

/**
 * The built-in identity provider: Cognito user-pool operations over our users table. Answers
 * never tell whether an e-mail exists (same errors and timing for unknown users).
 */
export class IdentityProvider {
  // Sign-in throttling: failed passwords per user, and all sign-in calls per IP.
  private readonly failuresPerUser = new RateLimiter(5, 15 * 60 * 1000);
  // Generous per IP: a whole office may sign in from behind one NAT address.
  private readonly callsPerIp = new RateLimiter(100, 60 * 1000);

  constructor(
    private readonly db: Db,
    private readonly idp: IdpSettings,
    private readonly key: () => Promise<SigningKey>,
    private readonly sendMail: SendMail,
  ) {}

  private checkClient(clientId: string) {
    if (clientId !== this.idp.clientId) {
      throw new IdpError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    }
  }

  private async tokensFor(user: User, authTime: Date, withRefresh: boolean) {
    const result: Record<string, unknown> = await signTokens(user, authTime, await this.key(), this.idp);
    if (withRefresh) {
      const refreshToken = newSecret();
      await insertRefreshToken(this.db, {
        userId: user.id,
        tokenHash: sha256(refreshToken),
        authTime,
        expiresAt: new Date(Date.now() + refreshLifetimeMs),
      });
      result.RefreshToken = refreshToken;
    }
    return { ChallengeParameters: {}, AuthenticationResult: result };
  }

  async initiateAuth(body: unknown, ip: string) {
    const input = parse(initiateAuthInput, body);
    this.checkClient(input.ClientId);
    if (input.AuthFlow === 'USER_PASSWORD_AUTH') return this.passwordAuth(input.AuthParameters, ip);
    return this.refreshAuth(input.AuthParameters);
  }

  private async passwordAuth(params: Record<string, string>, ip: string) {
    const username = params.USERNAME?.trim().toLowerCase();
    const password = params.PASSWORD;
    if (!username || !password) {
      throw new IdpError('InvalidParameterException', 'Missing required parameter USERNAME or PASSWORD');
    }
    if (this.callsPerIp.hit(`ip:${ip}`) || this.failuresPerUser.isBlocked(username)) {
      throw new IdpError('TooManyRequestsException', 'Too many requests. Try again later.');
    }
    const user = await findUserByEmail(this.db, username);
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid || !user.enabled) {
      this.failuresPerUser.hit(username);
      throw wrongCredentials();
    }
    this.failuresPerUser.reset(username);
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
    return this.tokensFor(user, new Date(), true);
  }

  private async refreshAuth(params: Record<string, string>) {
    const token = params.REFRESH_TOKEN;
    if (!token) throw new IdpError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
    const stored = await findLiveRefreshToken(this.db, sha256(token));
    const user = stored && (await findUserById(this.db, stored.userId));
    if (!stored || !user?.enabled) throw new IdpError('NotAuthorizedException', 'Invalid Refresh Token');
    return this.tokensFor(user, stored.authTime, false);
  }

  async respondToAuthChallenge(body: unknown) {
    const input = parse(respondInput, body);
    this.checkClient(input.ClientId);
    const sessionHash = sha256(input.Session);
    const challenge = await findLiveChallenge(this.db, sessionHash);
    const user = challenge && (await findUserById(this.db, challenge.userId));
    if (!challenge || !user || user.email !== input.ChallengeResponses.USERNAME.trim().toLowerCase()) {
      throw new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    if (!user.enabled) throw wrongCredentials();
    const problem = passwordPolicyProblem(input.ChallengeResponses.NEW_PASSWORD);
    if (problem)
      throw new IdpError('InvalidPasswordException', `Password does not conform to policy: ${problem}`);
    const passwordHash = await hashPassword(input.ChallengeResponses.NEW_PASSWORD);
    await this.db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash);
      await deleteChallenge(tx, sessionHash);
    });
    return this.tokensFor({ ...user, mustChangePassword: false }, new Date(), true);
  }

  async forgotPassword(body: unknown) {
    const input = parse(forgotInput, body);
    this.checkClient(input.ClientId);
    const email = input.Username.trim().toLowerCase();
    const delivery = {
      CodeDeliveryDetails: { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    };
    const user = await findUserByEmail(this.db, email);
    if (!user?.enabled) return delivery; // same answer: no user enumeration
    const since = new Date(Date.now() - 60 * 60 * 1000);
    if ((await countResetCodesSince(this.db, user.id, since)) >= resetCodesPerHour) {
      throw new IdpError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = await hashPassword(code);
    await this.db.transaction((tx) =>
      replaceResetCode(tx, {
        userId: user.id,
        codeHash,
        expiresAt: new Date(Date.now() + resetCodeLifetimeMs),
      }),
    );
    await this.sendMail(resetCodeMail(user.email, code)).catch((err: Error) => {
      throw new IdpError('InternalErrorException', `Could not deliver the code: ${err.message}`);
    });
    return delivery;
  }

  async confirmForgotPassword(body: unknown) {
    const input = parse(confirmForgotInput, body);
    this.checkClient(input.ClientId);
    const problem = passwordPolicyProblem(input.Password);
    if (problem)
      throw new IdpError('InvalidPasswordException', `Password does not conform to policy: ${problem}`);
    const user = await findUserByEmail(this.db, input.Username.trim().toLowerCase());
    const stored = user?.enabled ? await newestOpenResetCode(this.db, user.id) : undefined;
    const mismatch = () =>
      new IdpError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    if (!user || !stored) {
      await verifyPassword(undefined, input.ConfirmationCode);
      throw mismatch();
    }
    if (stored.attempts >= resetCodeAttempts) {
      throw new IdpError('TooManyFailedAttemptsException', 'Too many failed attempts. Request a new code.');
    }
    if (stored.expiresAt.getTime() <= Date.now()) {
      throw new IdpError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    if (
      !/^\d{6}$/.test(input.ConfirmationCode) ||
      !(await verifyPassword(stored.codeHash, input.ConfirmationCode))
    ) {
      await countResetAttempt(this.db, stored.id, stored.attempts + 1);
      throw mismatch();
    }
    const passwordHash = await hashPassword(input.Password);
    await this.db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash);
      await markResetCodeUsed(tx, stored.id);
    });
    return {};
  }
}
