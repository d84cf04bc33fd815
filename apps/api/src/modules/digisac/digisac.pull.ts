import { withSystem } from '../../db/system.ts';
import { type TenantTx, tenantTxOf } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { DigisacCallError } from './digisac.client.ts';
import { entityInboxEntry, type InboxEntry } from './digisac.inbox.ts';
import { parseTicket } from './digisac.payloads.ts';
import type { IngestionDeps } from './digisac.processing.ts';
import { type DigisacAccess, listTicketMessages, listTicketsUpdatedSince } from './digisac.remote.ts';
import * as repo from './digisac.repo.ts';
import { storedCredentials } from './digisac.service.ts';

/**
 * Reading DigiSac's conversations through its API into the inbox, for the history import
 * (`POST …/digisac/import`) and the catch-up sync (a webhook lost in transit: DigiSac documents
 * no retries). Both page through the tickets updated since a moment, oldest update first, and
 * put each ticket and its messages into the inbox with the webhook's keys — a message seen
 * twice is one row — for the workers to apply (digisac.processing.ts). Calls go outside any
 * transaction, under the per-tenant call limit (digisac.remote.ts).
 */

/** Tickets asked per page, and messages per page of a ticket. */
const ticketsPerPage = 50;
const messagesPerPage = 100;
/** A ticket's messages read at most (a longer conversation: its newest are read by the sync). */
const maxMessagePages = 50;

/** Where a pull is: tickets updated at or after `cursor`, the `page`-th page of them. */
export interface PullPosition {
  cursor: Date;
  page: number;
}

/**
 * One page of tickets updated since the position: each ticket and its messages (updated since
 * `messagesSince`, when given) into the inbox. Answers what it put there and the next position
 * (undefined: nothing more). The cursor moves to the page's last update; when a whole page shares
 * one update time, the page number moves instead (so the position never stands still).
 */
export async function pullPage(
  deps: IngestionDeps,
  tenantTx: TenantTx,
  access: DigisacAccess,
  source: 'import' | 'sync',
  position: PullPosition,
  messagesSince?: Date,
) {
  const remote = { config: deps.config, db: deps.database.db, log: deps.log };
  const page = await listTicketsUpdatedSince(remote, access, {
    since: position.cursor,
    page: position.page,
    perPage: ticketsPerPage,
  });
  let tickets = 0;
  let messages = 0;
  for (const raw of page.data) {
    const ticket = parseTicket(raw);
    if (!ticket) continue;
    const found: InboxEntry[] = [];
    for (let p = 1; p <= maxMessagePages; p++) {
      const list = await listTicketMessages(remote, access, {
        ticketId: ticket.id,
        updatedSince: messagesSince,
        page: p,
        perPage: messagesPerPage,
      });
      found.push(...list.data.map((m) => entityInboxEntry(source, m)));
      if (p >= list.lastPage || list.data.length < messagesPerPage) break;
    }
    // Counted when new to the inbox (the cursor's overlap reads a ticket twice).
    const added = await tenantTx(async ({ tenantId, tx }) => ({
      ticket: await repo.insertEvent(tx, { ...entityInboxEntry(source, raw), tenantId }),
      messages: await repo.insertEvents(
        tx,
        found.map((entry) => ({ ...entry, tenantId })),
      ),
    }));
    if (added.ticket) tickets++;
    messages += added.messages;
  }
  if (page.data.length < ticketsPerPage) return { tickets, messages, next: undefined };
  const lastUpdate = parseTicket(page.data.at(-1))?.updatedAt;
  const next =
    lastUpdate && lastUpdate.getTime() > position.cursor.getTime()
      ? { cursor: lastUpdate, page: 1 }
      : { cursor: position.cursor, page: position.page + 1 };
  return { tickets, messages, next };
}

// ── The catch-up sync ──────────────────────────────────────────────────────────────────────────

/** The sync reads again from a little before its last run: a ticket updated as it ran is seen. */
const syncOverlapMs = 2 * 60_000;
/** A tenant's first sync reads this far back (the webhook was just registered). */
const firstSyncMs = 60 * 60_000;
/** Pages one tenant's sync reads per run (the rest next run, from the saved cursor). */
const syncPagesPerRun = 20;

/**
 * The `digisac-sync` job (the leader, every DIGISAC_SYNC_INTERVAL_SECONDS): for each tenant with
 * an active webhook, the tickets and messages updated since its cursor go into the inbox (what the
 * webhook delivered is there already: same keys), and the cursor moves on. One tenant's failure
 * (its DigiSac down) is logged and leaves its cursor for the next run.
 */
export async function syncAll(deps: IngestionDeps) {
  const tenants = await withSystem(deps.database.db, 'digisac-sync', (tx) => repo.linkedTenants(tx));
  for (const tenantId of tenants) {
    try {
      await syncTenant(deps, tenantId);
    } catch (err) {
      deps.log.warn(
        { tenantId, err: err instanceof AppError ? err.detail : err },
        'DigiSac catch-up sync failed; tried again next run',
      );
    }
  }
}

export async function syncTenant(deps: IngestionDeps, tenantId: string) {
  const tenantTx = tenantTxOf(deps.database.db, tenantId);
  const link = await tenantTx(({ tx }) => repo.findLink(tx, tenantId));
  if (!link?.webhookSecretHash) return;
  const access = await storedCredentials(deps, tenantTx);
  const startedAt = new Date();
  const since = new Date((link.syncCursor?.getTime() ?? startedAt.getTime() - firstSyncMs) - syncOverlapMs);
  let position: PullPosition | undefined = { cursor: since, page: 1 };
  for (let i = 0; i < syncPagesPerRun && position; i++) {
    const pulled = await pullPage(deps, tenantTx, access, 'sync', position, since);
    position = pulled.next;
  }
  // Done: next time from this run's start; cut short: from where it stopped.
  const cursor = position ? position.cursor : startedAt;
  await tenantTx(({ tx }) => repo.saveSyncCursor(tx, tenantId, cursor));
}

// ── The history import ─────────────────────────────────────────────────────────────────────────

/** How long a process holds an import between two pages (another takes over when it dies). */
const importLeaseMs = 60_000;
/** Pages an import reads per run of its job (the job comes back soon for the rest). */
const importPagesPerRun = 5;

/**
 * The `digisac-import` job (every process): advances one running import a few pages, recording
 * its position after each, so a restart resumes where it stopped and a cancel stops it at the
 * next page. Answers whether it found one.
 */
export async function advanceImport(deps: IngestionDeps): Promise<boolean> {
  const claimed = await withSystem(deps.database.db, 'digisac-import', (tx) =>
    repo.claimImport(tx, importLeaseMs),
  );
  if (!claimed) return false;
  const tenantTx = tenantTxOf(deps.database.db, claimed.tenantId);
  const current = await tenantTx(({ tx }) => repo.findImport(tx, claimed.id));
  if (current?.state !== 'running') return true;
  let position: PullPosition | undefined = { cursor: current.cursor ?? current.since, page: current.page };
  let { tickets, messages } = current;
  let transientFailure = false;
  try {
    const access = await storedCredentials(deps, tenantTx);
    for (let i = 0; i < importPagesPerRun && position; i++) {
      const pulled = await pullPage(deps, tenantTx, access, 'import', position);
      tickets += pulled.tickets;
      messages += pulled.messages;
      position = pulled.next;
      const running = await tenantTx(({ tx }) =>
        repo.advanceImport(tx, claimed.id, {
          tickets,
          messages,
          ...(position
            ? { cursor: position.cursor, page: position.page }
            : { state: 'done', finishedAt: new Date() }),
        }),
      );
      if (!running) return true; // cancelled meanwhile
    }
  } catch (err) {
    // A DigiSac that is down or slow: the import stays running and resumes when its lease runs
    // out. One that refuses us (token, address) or is no longer configured: it fails, saying why.
    const transient =
      err instanceof DigisacCallError && !['unauthorized', 'blocked'].includes(err.failure.kind);
    const reason = err instanceof AppError ? err.detail : importFailure(err);
    deps.log.warn({ tenantId: claimed.tenantId, reason, transient }, 'DigiSac import page failed');
    transientFailure = transient;
    await tenantTx(({ tx }) =>
      repo.advanceImport(
        tx,
        claimed.id,
        transient ? { error: reason } : { state: 'failed', error: reason, finishedAt: new Date() },
      ),
    );
  }
  // After a transient failure the lease stays: the next try waits for it to run out (a minute).
  if (!transientFailure) await tenantTx(({ tx }) => repo.releaseImport(tx, claimed.id));
  return true;
}

function importFailure(err: unknown) {
  if (err instanceof DigisacCallError) {
    if (err.failure.kind === 'unauthorized')
      return 'O DigiSac recusou o token: salve um token válido e importe de novo.';
    if (err.failure.kind === 'blocked') return 'O endereço do DigiSac não é permitido.';
    return 'O DigiSac não respondeu; a importação continua em instantes.';
  }
  return 'Erro interno ao importar o histórico do DigiSac.';
}
