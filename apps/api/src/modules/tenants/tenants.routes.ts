import {
  businessHoursSchema,
  errorResponseSchema,
  roleSchema,
  tenantSettingsSchema,
  updateBusinessHoursSchema,
  updateTenantSettingsSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/audit.service.ts';
import * as hours from './business-hours.service.ts';
import * as settings from './tenant-settings.service.ts';

const currentTenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  role: roleSchema.describe("The caller's role, from the token's groups (admin-only actions need admin)"),
});

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenants/current',
    {
      schema: {
        tags: ['tenants'],
        summary: "The caller's organisation (for the shell)",
        security: [{ bearer: [] }],
        response: { 200: currentTenantSchema },
      },
    },
    async (request) => ({
      ...(await request.tenantTx(settings.currentTenant)),
      role: request.auth.role,
    }),
  );

  app.get(
    '/tenants/settings',
    {
      schema: {
        tags: ['tenants'],
        summary: "The caller's organisation settings (the DigiSac token is never returned)",
        security: [{ bearer: [] }],
        response: { 200: tenantSettingsSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => request.tenantTx(settings.getTenantSettings),
  );

  app.put(
    '/tenants/settings',
    {
      config: { adminOnly: 'alterar as configurações da organização' },
      schema: {
        tags: ['tenants'],
        summary:
          'Change the organisation settings: name is required; a field left out keeps its value ' +
          '(digisac_token: left out keeps, null or "" removes; a new digisac_host clears it); the host ' +
          'must be https:// and not a private address',
        security: [{ bearer: [] }],
        body: updateTenantSettingsSchema,
        response: {
          200: tenantSettingsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // https and the address rules first: they may resolve the host's name, so outside the transaction.
      await settings.checkDigisacHost(app.config, request.auth.tenantId, request.body.digisac_host);
      return request.tenantTx((scope) =>
        settings.updateTenantSettings(app, scope, actorOf(request), request.body),
      );
    },
  );

  app.get(
    '/tenants/settings/business-hours',
    {
      schema: {
        tags: ['tenants'],
        summary:
          "The organisation's business hours for the SLA, and its next closed days (holidays and days " +
          'off); configured=false: none saved, every minute counts (shown as every day 00:00–24:00)',
        security: [{ bearer: [] }],
        response: { 200: businessHoursSchema, 401: errorResponseSchema },
      },
    },
    (request) => request.tenantTx((scope) => hours.getBusinessHours(scope)),
  );

  app.put(
    '/tenants/settings/business-hours',
    {
      config: { adminOnly: 'alterar o horário de atendimento' },
      schema: {
        tags: ['tenants'],
        summary:
          'Replace the business hours (weekly intervals, time zone, UF, pontos facultativos, days ' +
          "off); the open waits' SLA deadlines are recomputed in the new business time",
        security: [{ bearer: [] }],
        body: updateBusinessHoursSchema,
        response: { 200: businessHoursSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) =>
      request.tenantTx((scope) => hours.updateBusinessHours(scope, actorOf(request), request.body)),
  );
};
