import {
  emptyBodySchema,
  errorResponseSchema,
  idParamsSchema,
  inviteUserSchema,
  teamUserListSchema,
  teamUserSchema,
  updateUserSchema,
} from '@atende/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/audit.service.ts';
import * as service from './users.service.ts';

const tags = ['users'];
const security = [{ bearer: [] }];
const adminOnly = { adminOnly: 'gerenciar as pessoas da organização' };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.UsersDeps = {
    events: app.events,
    team: {
      adminGroup: app.config.ADMIN_GROUP,
      publicUrl: app.config.PUBLIC_URL,
      external: app.builtInIdp === undefined,
    },
  };
  /**
   * An invitation's steps, for a new person and a resend alike: count the organisation's invitation
   * mails (429 with Retry-After beyond INVITATIONS_PER_TENANT_PER_HOUR, before any hashing), prepare
   * the temporary password outside the transaction, run `write`, then send the committed mail now
   * (the mail-queue job would, later).
   */
  async function withInvitation<T>(
    tenantId: string,
    reply: FastifyReply,
    write: (invitation: service.Invitation) => Promise<service.Queued<T>>,
  ) {
    const perHour = app.config.INVITATIONS_PER_TENANT_PER_HOUR;
    const seconds = await service.invitationMailWait(app.database.db, tenantId, perHour);
    if (seconds !== null) {
      reply.header('retry-after', String(seconds));
      throw service.tooManyInvitations(perHour, seconds);
    }
    const { value, mailId } = await write(await service.prepareInvitation());
    app.builtInIdp?.mail.sendSoon(mailId);
    return value;
  }

  app.get(
    '/users',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "The organisation's people, ordered by e-mail: role, status (active, invited, expired, disabled), " +
          'last sign-in; with an external Cognito pool, read-only (managed_externally)',
        response: { 200: teamUserListSchema },
      },
    },
    (request) => request.tenantTx((scope) => service.listUsers(deps, scope)),
  );

  app.post(
    '/users',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Invite a person: created with a temporary password sent by mail (valid 7 days; the first access ' +
          'replaces it). 409 when the e-mail is in use in any organisation, or people are managed in Cognito; ' +
          '429 beyond INVITATIONS_PER_TENANT_PER_HOUR',
        body: inviteUserSchema,
        response: {
          201: teamUserSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const value = await withInvitation(request.tenantTx.tenantId, reply, (invitation) =>
        request.tenantTx((scope) =>
          service.inviteUser(deps, scope, actorOf(request), request.body, invitation),
        ),
      );
      return reply.status(201).send(value);
    },
  );

  app.patch(
    '/users/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Change a person's role and/or access (enabled); either ends their sessions at once. 409 when the " +
          'organisation would be left without an enabled admin',
        params: idParamsSchema,
        body: updateUserSchema,
        response: {
          200: teamUserSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    (request) =>
      request.tenantTx((scope) =>
        service.updateUser(deps, scope, actorOf(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/users/:id/resend',
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Send the invitation again with a new temporary password, valid 7 days more (409 once the first ' +
          'access is done)',
        params: idParamsSchema,
        body: emptyBodySchema,
        response: {
          200: teamUserSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request, reply) =>
      withInvitation(request.tenantTx.tenantId, reply, (invitation) =>
        request.tenantTx((scope) =>
          service.resendInvitation(deps, scope, actorOf(request), request.params.id, invitation),
        ),
      ),
  );
};
