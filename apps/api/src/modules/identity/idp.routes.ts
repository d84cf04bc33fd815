import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import { IdpError, providerUnavailable } from './idp.errors.ts';
import type { IdentityProvider, SignInClient } from './idp-provider.ts';
import type { SigningKey } from './keys.ts';

const amzJson = 'application/x-amz-json-1.1';
const targetPrefix = 'AWSCognitoIdentityProviderService.';
const notJson = Symbol('not json');

// Cognito is called cross-origin by browsers: allow the AWS SDK's headers from any origin
// (no cookies are involved; the credentials travel in the body).
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, x-amz-date, authorization, cache-control',
  'access-control-max-age': '86400',
};

// Answers carry tokens, sessions and codes' outcomes: never cached anywhere.
const noStore = { 'cache-control': 'no-store' };

function sendError(reply: FastifyReply, err: IdpError) {
  if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
  return reply
    .status(err.status)
    .headers({ ...corsHeaders, ...noStore, 'x-amzn-errortype': err.type, 'content-type': amzJson })
    .send(JSON.stringify({ __type: err.type, message: err.message }));
}

/** What identity.plugin.ts hands its routes: the provider it built, the signing key, the pool. */
export interface IdpRoutesOptions {
  provider: IdentityProvider;
  key: () => Promise<SigningKey>;
  poolId: string;
}

/**
 * The built-in identity provider on Cognito's wire protocol: `POST /` with
 * `X-Amz-Target: AWSCognitoIdentityProviderService.<Op>`, plus the issuer's JWKS.
 * Registered by identity.plugin.ts with its options. Not encapsulated (Symbol.for('skip-override'))
 * so that its body parser stays the app's, as it always was: scoping it to these routes would
 * change what the rest of the API answers to a body sent as application/x-amz-json-1.1.
 */
export const idpRoutes: FastifyPluginAsync<IdpRoutesOptions> = async (app, { provider, key, poolId }) => {
  // A malformed body must become InvalidParameterException, so the parser never throws.
  app.addContentTypeParser(amzJson, { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, notJson);
    }
  });

  const operations: Record<string, (body: unknown, client: SignInClient) => Promise<unknown>> = {
    InitiateAuth: (body, client) => provider.initiateAuth(body, client),
    RespondToAuthChallenge: (body, client) => provider.respondToAuthChallenge(body, client),
    ForgotPassword: (body, { ip }) => provider.forgotPassword(body, ip),
    ConfirmForgotPassword: (body, { ip }) => provider.confirmForgotPassword(body, ip),
  };

  app.options('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.status(204).headers(corsHeaders).send(),
  );

  app.post('/', { schema: { hide: true } }, async (request, reply) => {
    try {
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(targetPrefix)
        ? operations[target.slice(targetPrefix.length)]
        : undefined;
      if (!operation)
        throw new IdpError('UnknownOperationException', `Unknown operation: ${target || '(none)'}`);
      if (!String(request.headers['content-type'] ?? '').startsWith(amzJson) || request.body === notJson) {
        throw new IdpError('InvalidParameterException', `Expected a JSON body of type ${amzJson}`);
      }
      const userAgent = request.headers['user-agent'];
      const result = await operation(request.body, {
        ip: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
      });
      return reply
        .headers({ ...corsHeaders, ...noStore, 'content-type': amzJson })
        .send(JSON.stringify(result));
    } catch (err) {
      if (err instanceof IdpError) {
        if (err.status >= 500) request.log.error({ err }, 'identity provider failure');
        return sendError(reply, err);
      }
      if (isDatabaseUnavailable(err)) {
        request.log.warn({ err }, 'identity provider: database unavailable');
        return sendError(reply, providerUnavailable());
      }
      request.log.error({ err }, 'identity provider failure');
      return sendError(reply, new IdpError('InternalErrorException', 'Internal error.'));
    }
  });

  app.get(
    `/idp/${poolId}/.well-known/jwks.json`,
    { schema: { tags: ['identity'], summary: 'Public keys that verify the ID tokens' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return (await key()).publicJwks;
    },
  );
};
Object.assign(idpRoutes, { [Symbol.for('skip-override')]: true });
