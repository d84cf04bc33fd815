import { foldText } from '@atende/analyzer/text';
import {
  type BulkFlaggedTermResult,
  type BulkFlaggedTermsResult,
  type CreateFlaggedTerm,
  type FlaggedTerm,
  flaggedTermMessages,
  flaggedTermsListCap,
  flaggedTermsPerTenantMax,
  flaggedTermTextSchema,
  normaliseTermText,
  type UpdateFlaggedTerm,
} from '@atende/contracts';
import type { FlaggedTerm as FlaggedTermRow } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso, isUniqueViolation } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import * as repo from './flagged-terms.repo.ts';

const uniqueConstraint = 'flagged_terms_tenant_term_unique';

const duplicateTerm = () =>
  new AppError('conflict', flaggedTermMessages.duplicate, [
    { field: 'body.term', message: flaggedTermMessages.duplicate },
  ]);
const termNotFound = () => notFound('Termo não encontrado.');
/** 409: the tenant has flaggedTermsPerTenantMax terms (an insert) or more (any other change). */
const capReached = (detail: string = flaggedTermMessages.capReached) => new AppError('conflict', detail);

export const toFlaggedTermDto = (row: FlaggedTermRow): FlaggedTerm => ({
  id: row.id,
  term: row.term,
  is_active: row.isActive,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/**
 * The folded form of a term already checked by flaggedTermTextSchema. A term of combining marks
 * only (e.g. a lone U+0301) passes the schema but folds to nothing: that is a blank term.
 */
function foldOrBlank(term: string) {
  const folded = foldText(term);
  if (folded === '') {
    throw new AppError('validation_error', flaggedTermMessages.blank, [
      { field: 'body.term', message: flaggedTermMessages.blank },
    ]);
  }
  return folded;
}

/**
 * The database's refusal of a write past the cap: the trigger flagged_terms_guard raises SQLSTATE
 * AT409 (serialised per tenant, so concurrent requests cannot overshoot). Drizzle wraps the
 * driver's error: the code is found down the `cause` chain.
 */
function isTermsCapError(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'AT409') return true;
  }
  return false;
}

/**
 * A concurrent insert of the same term that slips past the check still becomes a 409, and so does
 * a write the cap trigger refuses (`overCap`: the detail for a change that is not an insert).
 */
async function guardDuplicate<T>(write: () => Promise<T>, overCap: string = flaggedTermMessages.capReached) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, uniqueConstraint)) throw duplicateTerm();
    if (isTermsCapError(err)) throw capReached(overCap);
    throw err;
  }
}

/** The tenant's terms ordered by folded term, at most flaggedTermsListCap. */
export async function listFlaggedTerms({ tx }: TenantScope, query: { search?: string }) {
  const rows = await repo.listTerms(tx, { search: query.search, limit: flaggedTermsListCap });
  return rows.map(toFlaggedTermDto);
}

export interface VersionedTerms {
  /** tenants.terms_version when read (a trigger bumps it on every flagged-term write). */
  readonly termsVersion: number;
  readonly terms: string[];
}

/** Per tenant, the active terms last read and their version; least recently used first. */
const termsCache = new Map<string, VersionedTerms>();
const termsCacheSize = 1000;

/**
 * The active terms of the tenant of `tx` and their version: one small read of terms_version per
 * call, the terms themselves only when the version changed (any process's write bumps it). The
 * version is read first, so terms cached under it are never older than it.
 */
export async function activeTermsVersioned({ tenantId, tx }: TenantScope): Promise<VersionedTerms> {
  const termsVersion = await repo.termsVersion(tx, tenantId);
  const cached = termsCache.get(tenantId);
  if (cached) termsCache.delete(tenantId);
  if (cached?.termsVersion === termsVersion) {
    termsCache.set(tenantId, cached);
    return cached;
  }
  const fresh = { termsVersion, terms: await repo.activeTerms(tx) };
  if (termsCache.size >= termsCacheSize) termsCache.delete(termsCache.keys().next().value as string);
  termsCache.set(tenantId, fresh);
  return fresh;
}

/** What the audit log keeps of a term, before and after a change. */
const auditedTerm = (row: { term: string; isActive: boolean }) => ({
  term: row.term,
  is_active: row.isActive,
});

export async function createFlaggedTerm(scope: TenantScope, actor: Actor, input: CreateFlaggedTerm) {
  const { tenantId, tx } = scope;
  const termFolded = foldOrBlank(input.term);
  if (await repo.findTermByFolded(tx, termFolded)) throw duplicateTerm();
  const row = await guardDuplicate(() => repo.insertTerm(tx, { tenantId, term: input.term, termFolded }));
  await recordAudit(scope, actor, {
    action: 'flagged_term.created',
    target: row.term,
    details: { after: auditedTerm(row) },
  });
  return toFlaggedTermDto(row);
}

export async function updateFlaggedTerm(
  scope: TenantScope,
  actor: Actor,
  id: string,
  input: UpdateFlaggedTerm,
) {
  const { tx } = scope;
  const current = await repo.findTerm(tx, id);
  if (!current) throw termNotFound();
  const values: { term?: string; termFolded?: string; isActive?: boolean } = {};
  if (input.term !== undefined) {
    const termFolded = foldOrBlank(input.term);
    // Same folded text: only the spelling changes ("procon" → "Procon").
    if (termFolded !== current.termFolded && (await repo.findTermByFolded(tx, termFolded, id)))
      throw duplicateTerm();
    values.term = input.term;
    values.termFolded = termFolded;
  }
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (Object.keys(values).length === 0) return toFlaggedTermDto(current);
  const row = await guardDuplicate(() => repo.updateTerm(tx, id, values), flaggedTermMessages.overCap);
  if (!row) throw termNotFound();
  await recordAudit(scope, actor, {
    action: 'flagged_term.updated',
    target: row.term,
    details: { before: auditedTerm(current), after: auditedTerm(row) },
  });
  return toFlaggedTermDto(row);
}

export async function toggleFlaggedTerm(scope: TenantScope, actor: Actor, id: string) {
  const row = await guardDuplicate(() => repo.toggleTerm(scope.tx, id), flaggedTermMessages.overCap);
  if (!row) throw termNotFound();
  await recordAudit(scope, actor, {
    action: 'flagged_term.updated',
    target: row.term,
    details: { before: { ...auditedTerm(row), is_active: !row.isActive }, after: auditedTerm(row) },
  });
  return toFlaggedTermDto(row);
}

export async function deleteFlaggedTerm(scope: TenantScope, actor: Actor, id: string) {
  const current = await repo.findTerm(scope.tx, id);
  if (!current || !(await repo.deleteTerm(scope.tx, id))) throw termNotFound();
  await recordAudit(scope, actor, {
    action: 'flagged_term.deleted',
    target: current.term,
    details: { before: auditedTerm(current) },
  });
}

const bulkOverCap = (room: number, fresh: number) =>
  room === 0
    ? flaggedTermMessages.capReached
    : `Limite de 1.000 termos sinalizados: cabem mais ${room.toLocaleString('pt-BR')} e a lista traz ` +
      `${fresh.toLocaleString('pt-BR')} termos novos. Nenhum foi criado; exclua termos ou envie menos.`;

/**
 * Creates every valid, new item in one statement (inside the request's transaction) and reports
 * each item in the order sent. Items repeating an existing term, or an earlier item of the same
 * request, are duplicates; items that are not valid terms are invalid. No item fails the others,
 * except for the cap: when the new items do not all fit under flaggedTermsPerTenantMax, nothing
 * is created and the answer is a 409 saying how many still fit (all or nothing, so the team
 * chooses which terms to leave out rather than finding the list cut at an arbitrary item).
 */
export async function bulkCreateFlaggedTerms(
  scope: TenantScope,
  actor: Actor,
  items: unknown[],
): Promise<BulkFlaggedTermsResult> {
  const { tenantId, tx } = scope;
  const results: BulkFlaggedTermResult[] = [];
  /** Index in `results` of the first valid item of each folded term. */
  const firstByFolded = new Map<string, number>();
  /** Items repeating an earlier one: [index, folded]; their id is the earlier item's. */
  const repeats: [number, string][] = [];

  for (const item of items) {
    const parsed = flaggedTermTextSchema.safeParse(item);
    const folded = parsed.success ? foldText(parsed.data) : '';
    if (!parsed.success || folded === '') {
      results.push({
        term: typeof item === 'string' ? normaliseTermText(item) : null,
        status: 'invalid',
        message: parsed.error?.issues[0]?.message ?? flaggedTermMessages.blank,
      });
    } else if (firstByFolded.has(folded)) {
      repeats.push([results.length, folded]);
      results.push({
        term: parsed.data,
        status: 'duplicate',
        message: flaggedTermMessages.repeatedInRequest,
      });
    } else {
      firstByFolded.set(folded, results.length);
      results.push({ term: parsed.data, status: 'created' });
    }
  }

  const existing = await repo.idsByFolded(tx, [...firstByFolded.keys()]);
  const toInsert: { tenantId: string; term: string; termFolded: string }[] = [];
  for (const [termFolded, index] of firstByFolded) {
    const result = results[index] as BulkFlaggedTermResult;
    const id = existing.get(termFolded);
    if (id) Object.assign(result, { status: 'duplicate', id, message: flaggedTermMessages.duplicate });
    else toInsert.push({ tenantId, term: result.term as string, termFolded });
  }

  if (toInsert.length > 0) {
    const room = Math.max(0, flaggedTermsPerTenantMax - (await repo.countTerms(tx)));
    if (toInsert.length > room) throw capReached(bulkOverCap(room, toInsert.length));
  }
  // The trigger still has the last word (a concurrent request may have taken the room meanwhile).
  const inserted = new Map(
    (await guardDuplicate(() => repo.insertTermsSkippingTaken(tx, toInsert))).map((row) => [
      row.termFolded,
      row.id,
    ]),
  );
  // Taken by a concurrent request between the check and the insert: a duplicate after all.
  const taken = toInsert.filter((v) => !inserted.has(v.termFolded)).map((v) => v.termFolded);
  const takenIds = await repo.idsByFolded(tx, taken);
  for (const { termFolded } of toInsert) {
    const result = results[firstByFolded.get(termFolded) as number] as BulkFlaggedTermResult;
    const id = inserted.get(termFolded);
    if (id) result.id = id;
    else
      Object.assign(result, {
        status: 'duplicate',
        id: takenIds.get(termFolded),
        message: flaggedTermMessages.duplicate,
      });
  }
  for (const [index, folded] of repeats) {
    const id = results[firstByFolded.get(folded) as number]?.id;
    if (id) (results[index] as BulkFlaggedTermResult).id = id;
  }

  const count = (status: BulkFlaggedTermResult['status']) =>
    results.filter((r) => r.status === status).length;
  const created = results.filter((r) => r.status === 'created').map((r) => r.term);
  if (created.length > 0) {
    await recordAudit(scope, actor, {
      action: 'flagged_term.created',
      target: created.length === 1 ? created[0] : `${created.length} termos`,
      details: { terms: created, bulk: true },
    });
  }
  return { results, created: count('created'), duplicates: count('duplicate'), invalid: count('invalid') };
}
