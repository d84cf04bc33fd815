import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenants } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

const currentTenantSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

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
    async (request) => {
      // Row-level security shows the caller's own tenant row only.
      const [tenant] = await request.tenantTx((tx) =>
        tx.select({ id: tenants.id, name: tenants.name, slug: tenants.slug }).from(tenants),
      );
      if (!tenant) throw notFound('Organização não encontrada.');
      return tenant;
    },
  );
};
