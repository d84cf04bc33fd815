import {
  type AuditAction,
  type AuditEntry,
  auditRetentionDays,
  type ListAuditQuery,
} from '@atende/contracts';
import type { Db } from '../../db/client.ts';
import type { AuditRow } from '../../db/schema/index.ts';
import { withSystem } from '../../db/system.ts';
import type { TenantScope, TenantTx } from '../../db/tenant.ts';
import { iso, isUuid } from '../../lib/db-helpers.ts';
import type { SignInData, SignInFailure } from '../../lib/events.ts';
import { dateRange } from '../../lib/periods.ts';
import * as repo from './audit.repo.ts';

/** Who acted, and from where: what every audit row says beside its action. */
export interface Actor {
  id: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The caller of an /api/v1 route as an audit row names them. */
export function actorOf(request: {
  auth: { sub: string; email?: string | undefined };
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): Actor {
  const agent = request.headers['user-agent'];
  return {
    // An external pool's subject need not be a UUID (emulators): then the e-mail names the actor.
    id: isUuid(request.auth.sub) ? request.auth.sub : null,
    email: request.auth.email ?? null,
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
  };
}

export interface AuditRecord {
  action: AuditAction;
  /** What it was done to, as people read it (an e-mail, a term). */
  target?: string | null;
  /** The change; never a secret's value. */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit row in the transaction of the change it records: a rolled-back change leaves
 * no record, and no change commits without its record.
 */
export async function recordAudit({ tenantId, tx }: TenantScope, actor: Actor, record: AuditRecord) {
  await repo.insertAuditRow(tx, {
    tenantId,
    action: record.action,
    actorId: actor.id,
    actorEmail: actor.email,
    target: record.target ?? null,
    details: record.details ?? {},
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/**
 * A sign-in of the built-in provider, or a refused one with its reason (the identity module's
 * `user.signed_in` / `user.sign_in_failed` events, in their transaction).
 */
export async function recordSignIn(scope: TenantScope, data: SignInData, failure?: SignInFailure) {
  const actor = { id: data.user_id, email: data.email, ip: data.ip, userAgent: data.user_agent };
  await recordAudit(
    scope,
    actor,
    failure ? { action: 'auth.sign_in_failed', details: { reason: failure } } : { action: 'auth.sign_in' },
  );
}

/** Sign-ins already recorded by this process (external pool), so a session's requests skip the check. */
const externalSignInsSeen = new Set<string>();
const externalSignInsSeenMax = 10_000;

/**
 * With an external Cognito pool nobody here sees the sign-in itself: the first request carrying a
 * new `auth_time` is recorded as it (once per tenant, user and auth_time, whichever process sees
 * it first; a rare race between processes may record it twice).
 */
export async function recordExternalSignIn(tenantTx: TenantTx, actor: Actor, authTime: number | undefined) {
  if (authTime === undefined) return;
  const key = `${tenantTx.tenantId}:${actor.id ?? actor.email}:${authTime}`;
  if (externalSignInsSeen.has(key)) return;
  await tenantTx((scope) =>
    repo.insertAuditRowOnce(scope.tx, {
      tenantId: scope.tenantId,
      action: 'auth.sign_in',
      actorId: actor.id,
      actorEmail: actor.email,
      details: { auth_time: authTime, external: true },
      ip: actor.ip,
      userAgent: actor.userAgent,
      since: new Date(authTime * 1000),
    }),
  );
  if (externalSignInsSeen.size >= externalSignInsSeenMax) externalSignInsSeen.clear();
  externalSignInsSeen.add(key);
}

const toAuditEntryDto = (row: AuditRow): AuditEntry => ({
  id: row.id,
  created_at: iso(row.createdAt),
  action: row.action as AuditAction,
  actor_id: row.actorId,
  actor_email: row.actorEmail,
  target: row.target,
  details: row.details,
  ip: row.ip,
  user_agent: row.userAgent,
});

export async function listAudit({ tx }: TenantScope, query: ListAuditQuery) {
  const { from, to } = dateRange(query.start_date, query.end_date);
  const { rows, total, estimate } = await repo.listAuditRows(tx, {
    actor: query.actor,
    action: query.action,
    from,
    to,
    page: query.page,
    perPage: query.per_page,
  });
  return {
    entries: rows.map(toAuditEntryDto),
    total,
    ...(estimate && { total_is_estimate: true }),
    page: query.page,
    per_page: query.per_page,
  };
}

const pruneBatch = 5_000;

/**
 * Deletes the audit rows older than the retention (400 days), across tenants (a worker job), in
 * batches so no statement outgrows the statement timeout after a long gap.
 */
export async function pruneAuditLog(db: Db, days = auditRetentionDays) {
  let deleted = 0;
  for (;;) {
    const batch = await withSystem(db, 'audit-prune', (tx) => repo.pruneAuditRows(tx, days, pruneBatch));
    deleted += batch;
    if (batch < pruneBatch) return deleted;
  }
}
