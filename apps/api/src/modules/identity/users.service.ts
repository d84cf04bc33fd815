import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findTenantBySlug, findUserByEmail, insertUser, listUsersOfTenant } from './identity.repo.ts';
import { credentialsFor, newPasswordProblem, type PasswordScorer, scoreInThisThread } from './passwords.ts';

// Disables a user by e-mail and ends their sessions (the admin CLI, tests).
export { disableUser } from './identity.repo.ts';

export const emailSchema = z.email('e-mail inválido').trim().toLowerCase();

export interface NewUser {
  tenantSlug: string;
  email: string;
  password: string;
  /** A temporary password must be replaced at the first sign-in (NEW_PASSWORD_REQUIRED). */
  temporary: boolean;
  groups: string[];
  /** This group is added when the tenant has no user yet: a tenant's first user is its admin (the CLI). */
  firstUserGroup?: string;
}

/**
 * Creates a user of the built-in identity provider (admin CLI, tests, e2e set-up). The password,
 * temporary or not, must pass the same policy as one a person chooses (`newPasswordProblem`);
 * callers outside the server may score it on their own thread (the default).
 */
export async function createUser(db: Db, input: NewUser, scorer: PasswordScorer = scoreInThisThread) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('validation_error', `E-mail inválido: "${input.email}".`);
  const problem = await newPasswordProblem(input.password, email.data, scorer);
  if (problem) throw new AppError('validation_error', `Senha recusada: ${problem}`);
  const credentials = await credentialsFor(email.data, input.password);
  return db.transaction(async (tx) => {
    const tenant = await findTenantBySlug(tx, input.tenantSlug);
    if (!tenant) throw new AppError('not_found', `Tenant "${input.tenantSlug}" não existe.`);
    if (await findUserByEmail(tx, email.data)) {
      throw new AppError('conflict', `Já existe um usuário com o e-mail ${email.data}.`);
    }
    const first = input.firstUserGroup !== undefined && (await listUsersOfTenant(tx, tenant.id)).length === 0;
    const user = await insertUser(tx, {
      tenantId: tenant.id,
      email: email.data,
      ...credentials,
      groups: [
        ...new Set([...input.groups, ...(first && input.firstUserGroup ? [input.firstUserGroup] : [])]),
      ],
      mustChangePassword: input.temporary,
    });
    return { user, tenant };
  });
}

export async function listUsers(db: Db, tenantSlug: string) {
  const tenant = await findTenantBySlug(db, tenantSlug);
  if (!tenant) throw new AppError('not_found', `Tenant "${tenantSlug}" não existe.`);
  return listUsersOfTenant(db, tenant.id);
}
