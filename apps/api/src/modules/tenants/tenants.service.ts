import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { insertTenant } from './tenants.repo.ts';

// Every tenant, and how many there are: system level (the CLI, the seed), outside any tenant.
export { countTenants, listTenants } from './tenants.repo.ts';

export const newTenantSchema = z.object({
  name: z.string().trim().min(1, 'Nome do tenant é obrigatório').max(200),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
      'use de 1 a 63 letras minúsculas, dígitos ou hífens, sem hífen nas pontas',
    ),
});

export async function createTenant(db: Db, input: { name: string; slug: string }) {
  const parsed = newTenantSchema.safeParse(input);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw new AppError('validation_error', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
  }
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.slug, parsed.data.slug));
    if (taken) throw new AppError('conflict', `Já existe um tenant com o slug "${parsed.data.slug}".`);
    return insertTenant(tx, parsed.data);
  });
}
