import {
  type InviteUser,
  invitationLifetimeDays,
  type Role,
  type TeamUser,
  type TeamUserList,
  type UpdateUser,
  type UserStatus,
  userMessages,
} from '@atende/contracts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso, isUniqueViolation } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import {
  endSessionsInTenant,
  enqueueTenantMail,
  hashPassword,
  hitCounter,
  invitationMail,
  makeSrpVerifier,
  temporaryPassword,
} from '../identity/identity.service.ts';
import * as repo from './users.repo.ts';

export interface UsersDeps {
  events: DomainEvents;
  /** Who is an admin (ADMIN_GROUP), where the web app signs in (PUBLIC_URL), and whether people
   * live in an external Cognito pool (then this API only lists them). */
  team: { adminGroup: string; publicUrl: string; external: boolean };
}

const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;
const userNotFound = () => notFound('Pessoa não encontrada.');
const emailTaken = () =>
  new AppError('conflict', userMessages.emailTaken, [
    { field: 'body.email', message: userMessages.emailTaken },
  ]);
const lastAdmin = () => new AppError('conflict', userMessages.lastAdmin);
const externallyManaged = () => new AppError('conflict', userMessages.externallyManaged);

const roleOf = (row: User, adminGroup: string): Role => (row.groups.includes(adminGroup) ? 'admin' : 'agent');

/** When an invitation's temporary password stops working; null when there is no invitation. */
export const invitationExpiry = (row: Pick<User, 'invitedAt' | 'mustChangePassword'>) =>
  row.mustChangePassword && row.invitedAt ? new Date(row.invitedAt.getTime() + invitationLifetimeMs) : null;

function statusOf(row: User, now: Date): UserStatus {
  if (!row.enabled) return 'disabled';
  if (!row.mustChangePassword) return 'active';
  const expiry = invitationExpiry(row);
  return expiry && expiry <= now ? 'expired' : 'invited';
}

const toTeamUserDto = (row: User, adminGroup: string, now = new Date()): TeamUser => {
  const expiry = invitationExpiry(row);
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row, adminGroup),
    status: statusOf(row, now),
    enabled: row.enabled,
    last_sign_in_at: row.lastSignInAt ? iso(row.lastSignInAt) : null,
    invitation_expires_at: expiry ? iso(expiry) : null,
    created_at: iso(row.createdAt),
  };
};

/** The groups of `row` with the admin group added or taken away for `role`. */
const groupsFor = (groups: string[], role: Role, adminGroup: string) =>
  role === 'admin' ? [...new Set([...groups, adminGroup])] : groups.filter((g) => g !== adminGroup);

export async function listUsers({ team }: UsersDeps, { tenantId, tx }: TenantScope): Promise<TeamUserList> {
  const rows = await repo.listTenantUsers(tx, tenantId);
  return { users: rows.map((row) => toTeamUserDto(row, team.adminGroup)), managed_externally: team.external };
}

/** A queued mail to send after the commit (MailSender.sendSoon). */
export interface Queued<T> {
  value: T;
  mailId: string;
}

async function queueInvitation(scope: TenantScope, team: UsersDeps['team'], email: string, password: string) {
  const organisation = (await repo.tenantName(scope.tx, scope.tenantId)) ?? 'sua organização';
  return enqueueTenantMail(
    scope.tx,
    invitationMail({
      to: email,
      organisation,
      temporaryPassword: password,
      loginUrl: `${team.publicUrl}/login`,
    }),
  );
}

/**
 * Creates the person with a temporary password (hashed before the transaction: `passwordHash`
 * from `prepareInvitation`), queues the invitation mail and records it, in one transaction. An
 * e-mail used in any organisation is a 409 naming no organisation.
 */
export async function inviteUser(
  { team }: UsersDeps,
  scope: TenantScope,
  actor: Actor,
  input: InviteUser & { role: Role },
  invitation: Invitation,
): Promise<Queued<TeamUser>> {
  if (team.external) throw externallyManaged();
  const { tenantId, tx } = scope;
  let row: User;
  try {
    // The address may belong to another organisation, which row-level security hides: the
    // unique index answers for every organisation, and the 409 names none.
    row = await repo.insertTenantUser(tx, {
      tenantId,
      email: input.email,
      passwordHash: invitation.passwordHash,
      ...makeSrpVerifier(input.email, invitation.password),
      groups: input.role === 'admin' ? [team.adminGroup] : [],
      mustChangePassword: true,
      invitedAt: new Date(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  const mailId = await queueInvitation(scope, team, row.email, invitation.password);
  await recordAudit(scope, actor, {
    action: 'user.invited',
    target: row.email,
    details: { role: input.role },
  });
  return { value: toTeamUserDto(row, team.adminGroup), mailId };
}

/**
 * Counts one invitation mail of the organisation (INVITATIONS_PER_TENANT_PER_HOUR, in the
 * database so it holds across processes), before the password is hashed: null when it may go,
 * else the seconds to wait. Mail goes out from our address to whoever an admin types.
 */
export async function invitationMailWait(db: Db, tenantId: string, perHour: number) {
  const hit = await hitCounter(db, `invitations:${tenantId}`, 60 * 60 * 1000);
  if (hit.count <= perHour) return null;
  return Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000));
}

export const tooManyInvitations = (perHour: number, seconds: number) =>
  new AppError('rate_limited', userMessages.tooManyInvitations(perHour, seconds));

/** A temporary password and its hash, made before the transaction (hashing takes a while). */
export interface Invitation {
  password: string;
  passwordHash: string;
}

export async function prepareInvitation(): Promise<Invitation> {
  const password = temporaryPassword();
  return { password, passwordHash: await hashPassword(password) };
}

/**
 * A new temporary password by mail, and 7 more days: only while the first access is pending. The
 * old password and any first access begun with it stop working.
 */
export async function resendInvitation(
  { events, team }: UsersDeps,
  scope: TenantScope,
  actor: Actor,
  id: string,
  invitation: Invitation,
): Promise<Queued<TeamUser>> {
  if (team.external) throw externallyManaged();
  const { tenantId, tx } = scope;
  const current = await repo.findTenantUser(tx, tenantId, id);
  if (!current) throw userNotFound();
  if (!current.mustChangePassword || !current.enabled)
    throw new AppError('conflict', userMessages.notInvited);
  const row = await repo.updateTenantUser(tx, tenantId, id, {
    passwordHash: invitation.passwordHash,
    ...makeSrpVerifier(current.email, invitation.password),
    invitedAt: new Date(),
  });
  if (!row) throw userNotFound();
  // A first access begun with the old temporary password must not finish with it.
  await endSessionsInTenant(tx, events, tenantId, id);
  const mailId = await queueInvitation(scope, team, row.email, invitation.password);
  await recordAudit(scope, actor, { action: 'user.invitation_resent', target: row.email });
  return { value: toTeamUserDto(row, team.adminGroup), mailId };
}

/**
 * Changes a person's role and/or access. Locks the tenant's row first, then refuses (409) a change
 * that would leave the organisation without an enabled admin. Either change ends the person's
 * sessions at once (their next token carries the new role; a disabled person gets none).
 */
export async function updateUser(
  { events, team }: UsersDeps,
  scope: TenantScope,
  actor: Actor,
  id: string,
  input: UpdateUser,
): Promise<TeamUser> {
  if (team.external) throw externallyManaged();
  const { tenantId, tx } = scope;
  await repo.lockTenant(tx, tenantId);
  const current = await repo.findTenantUser(tx, tenantId, id);
  if (!current) throw userNotFound();
  const before = { role: roleOf(current, team.adminGroup), enabled: current.enabled };
  const after = { role: input.role ?? before.role, enabled: input.enabled ?? before.enabled };
  if (after.role === before.role && after.enabled === before.enabled)
    return toTeamUserDto(current, team.adminGroup);
  const row = await repo.updateTenantUser(tx, tenantId, id, {
    groups: groupsFor(current.groups, after.role, team.adminGroup),
    enabled: after.enabled,
  });
  if (!row) throw userNotFound();
  if ((await repo.countEnabledAdmins(tx, tenantId, team.adminGroup)) === 0) throw lastAdmin();
  await endSessionsInTenant(tx, events, tenantId, id);
  const changed = Object.fromEntries(
    (['role', 'enabled'] as const)
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { before: before[field], after: after[field] }]),
  );
  await recordAudit(scope, actor, { action: 'user.updated', target: row.email, details: changed });
  return toTeamUserDto(row, team.adminGroup);
}
