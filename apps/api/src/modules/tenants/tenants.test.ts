import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { testDatabase } from '../../test/helpers.ts';
import { listTenants } from './tenants.repo.ts';
import { createTenant } from './tenants.service.ts';

describe('createTenant', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('creates a tenant with a normalised slug', async () => {
    const slug = `Loja-${randomUUID().slice(0, 8)}`;
    const tenant = await createTenant(database.db, { name: '  Loja Azul ', slug });
    expect(tenant).toMatchObject({ name: 'Loja Azul', slug: slug.toLowerCase() });
    expect((await listTenants(database.db)).some((t) => t.id === tenant.id)).toBe(true);
  });

  it('refuses a taken slug with a conflict', async () => {
    const slug = `dup-${randomUUID().slice(0, 8)}`;
    await createTenant(database.db, { name: 'Primeira', slug });
    const err = await createTenant(database.db, { name: 'Segunda', slug }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('conflict');
  });

  it('names each invalid field', async () => {
    const err = await createTenant(database.db, { name: ' ', slug: '-Ruim-' }).catch((e) => e);
    expect(err.code).toBe('validation_error');
    expect(err.fields.map((f: { field: string }) => f.field)).toEqual(['name', 'slug']);
    expect(err.fields[0].message).toBe('Nome do tenant é obrigatório');
  });
});
