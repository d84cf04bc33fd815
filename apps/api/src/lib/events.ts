import type { MessageAnalysis, TicketAnalysis } from '@atende/analyzer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import { domainEvents } from '../db/schema/index.ts';
import { withSystem } from '../db/system.ts';
import type { TenantScope } from '../db/tenant.ts';

/**
 * Domain events (ARCHITECTURE "Domain events"): what happened, published by the module that made
 * it happen, in the transaction that made it happen, and reacted to in one place
 * (`reactions.ts`, every reaction in one list) — so tickets, messages and analysis need not know
 * who cares.
 *
 * `publish(tx, …)` writes the event to the `domain_events` log (kept a week, for roll-ups and
 * audits; it is not replayed), runs the `onWithin` reactions in the same transaction (alert rules:
 * no analysis without its alerts, no alert without its analysis) and, for the `announced` types,
 * NOTIFYs `atende_events`, which PostgreSQL delivers on commit to every process; there the
 * `onCommitted` reactions run (live push, session ends). Nothing is announced for a rolled-back
 * change; a process that was not listening (its connection dropped) gets `onResync` instead.
 */
export interface EventMap {
  /**
   * `quiet`: history (a DigiSac conversation older than 24 hours): the alert states follow the
   * analysis, but nobody is notified.
   */
  'ticket.analyzed': { ticket_id: string; analysis: TicketAnalysis; quiet?: boolean };
  /** `ticket_id` null: the message belongs to no ticket. `quiet` as for tickets. */
  'message.analyzed': {
    message_id: string;
    ticket_id: string | null;
    inbound: boolean;
    analysis: MessageAnalysis;
    quiet?: boolean;
  };
  /** A person set or cleared a ticket's flag. */
  'ticket.flag_changed': { ticket_id: string; flagged: boolean };
  /** The customer has waited past the tenant's limit (the SLA monitor); `started_at` ISO. */
  'ticket.wait_exceeded': {
    ticket_id: string;
    started_at: string;
    waited_minutes: number;
    /** The minutes are business minutes (the tenant set business hours). */
    business_hours?: boolean;
  };
  /**
   * The wait reached the tenant's warning share of its limit (the SLA monitor, issue 31); minutes
   * are business minutes.
   */
  'ticket.sla_warning': {
    ticket_id: string;
    started_at: string;
    waited_minutes: number;
    limit_minutes: number;
    business_hours?: boolean;
  };
  /** A user's sessions ended (disabled, or the password changed): their live streams close. */
  'user.sessions_ended': { user_id: string };
  /** A person signed in with the built-in provider (the audit log records it). */
  'user.signed_in': SignInData;
  /** A known address was refused at sign-in (an unknown one belongs to no organisation). */
  'user.sign_in_failed': SignInData & { reason: SignInFailure };
  /**
   * Notifications were stored, seqs `first_seq`…`last_seq` (not necessarily contiguous); `push`:
   * how many Web Push rows were queued with them (absent: none; issue 34).
   */
  'notifications.created': { first_seq: number; last_seq: number; push?: number };
}

/** Who signed in, from where. */
export interface SignInData {
  user_id: string;
  email: string;
  ip: string;
  user_agent: string | null;
}

export type SignInFailure = 'wrong_password' | 'disabled' | 'invitation_expired';

export type EventType = keyof EventMap;

export interface DomainEvent<K extends EventType = EventType> {
  seq: number;
  tenantId: string;
  type: K;
  data: EventMap[K];
}

/** Runs in the publisher's transaction, as the event's tenant. */
type Within<K extends EventType> = (scope: TenantScope, event: DomainEvent<K>) => Promise<void>;
type AfterCommit<K extends EventType> = (event: DomainEvent<K>) => void;

export const eventChannel = 'atende_events';
/**
 * The types other processes react to. Only these are NOTIFYed: a NOTIFY takes PostgreSQL's
 * database-wide notification lock at commit, not worth it for events nobody there awaits.
 */
const announced: ReadonlySet<EventType> = new Set(['notifications.created', 'user.sessions_ended']);
/** NOTIFY payloads are capped at 8,000 bytes: a bigger event is announced without its data. */
const maxInlineBytes = 7_000;
const pruneBatch = 5_000;

export class DomainEvents {
  private readonly within = new Map<EventType, Within<never>[]>();
  private readonly afterCommit = new Map<EventType, AfterCommit<never>[]>();
  private readonly resync: (() => void)[] = [];

  /** Reacts inside the publisher's transaction: an error rolls the whole change back. */
  onWithin<K extends EventType>(type: K, reaction: Within<K>) {
    this.within.set(type, [...(this.within.get(type) ?? []), reaction as Within<never>]);
  }

  /** Reacts after commit, in every process that listens (see `listen`). Must not throw. */
  onCommitted<K extends EventType>(type: K, reaction: AfterCommit<K>) {
    if (!announced.has(type)) throw new Error(`${type} is not announced to other processes`);
    this.afterCommit.set(type, [...(this.afterCommit.get(type) ?? []), reaction as AfterCommit<never>]);
  }

  /** Called when events may have been missed (the listening connection came back). */
  onResync(reaction: () => void) {
    this.resync.push(reaction);
  }

  async publish<K extends EventType>(tx: Tx, tenantId: string, type: K, data: EventMap[K]) {
    const [row] = await tx
      .insert(domainEvents)
      .values({ tenantId, type, payload: data })
      .returning({ seq: domainEvents.seq });
    if (!row) throw new Error('domain event insert returned no row');
    const event: DomainEvent<K> = { seq: row.seq, tenantId, type, data };
    for (const reaction of this.within.get(type) ?? [])
      await (reaction as Within<K>)({ tenantId, tx }, event);
    // Announced whether or not this process reacts: the reactions may live in another one (the
    // admin CLI disables a user whose streams are open in the servers).
    if (!announced.has(type)) return event;
    let payload = JSON.stringify({ seq: event.seq, tenant_id: tenantId, type, data });
    if (Buffer.byteLength(payload) > maxInlineBytes) {
      payload = JSON.stringify({ seq: event.seq, tenant_id: tenantId, type });
    }
    await tx.execute(sql`select pg_notify(${eventChannel}, ${payload})`);
    return event;
  }

  /**
   * Starts the after-commit side: one LISTEN per database (database.listen). Answers the unlisten.
   * An event announced without its data is read back from the log.
   */
  async listen(database: Database, log: FastifyBaseLogger) {
    if (this.afterCommit.size === 0 && this.resync.length === 0) return async () => {};
    return database.listen(eventChannel, (payload) => {
      if (payload === '') {
        for (const reaction of this.resync) reaction();
        return;
      }
      void this.dispatch(database, payload).catch((err) => log.warn({ err }, 'domain event dispatch failed'));
    });
  }

  private async dispatch(database: Database, payload: string) {
    const parsed = JSON.parse(payload) as { seq: number; tenant_id: string; type: EventType; data?: unknown };
    const reactions = this.afterCommit.get(parsed.type);
    if (!reactions) return;
    let data = parsed.data;
    if (data === undefined) {
      const [row] = await withSystem(database.db, 'event-dispatch', (tx) =>
        tx
          .select({ payload: domainEvents.payload })
          .from(domainEvents)
          .where(sql`${domainEvents.seq} = ${parsed.seq}`),
      );
      if (!row) return; // pruned meanwhile
      data = row.payload;
    }
    const event = { seq: parsed.seq, tenantId: parsed.tenant_id, type: parsed.type, data } as DomainEvent;
    for (const reaction of reactions) (reaction as AfterCommit<EventType>)(event);
  }
}

/**
 * Deletes logged events older than `days` (a worker job, across tenants), in batches so no
 * statement outgrows the statement timeout after a long gap.
 */
export async function pruneDomainEvents(db: Db, days = 7) {
  for (;;) {
    const deleted = await withSystem(db, 'domain-events-prune', (tx) =>
      tx.execute(sql`
        delete from domain_events where seq in (
          select seq from domain_events where created_at < now() - ${days} * interval '1 day'
          order by created_at limit ${pruneBatch})
        returning 1`),
    );
    if (((deleted as { rows?: unknown[] }).rows?.length ?? 0) < pruneBatch) return;
  }
}
