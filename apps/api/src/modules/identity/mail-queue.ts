import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { mailQueue } from '../../db/schema/index.ts';
import type { Mail, SendMail } from './mailer.ts';

/** How long a new mail is reserved for the process that queued it before any sender may take it. */
const reservedMs = 30_000;
/** A claimed mail comes back to the queue after this if its sender died mid-send. */
const leaseMs = 2 * 60_000;
const maxAttempts = 8;
/** A mail older than this is dropped unsent: what it carries (a reset code) has expired. */
const maxAgeMs = 60 * 60_000;

/**
 * Queues a mail in the caller's transaction: it exists only if the work that wants it commits.
 * Call `MailSender.sendSoon(id)` after the commit.
 */
export async function enqueueMail(tx: Tx, mail: Mail): Promise<string> {
  const [row] = await tx
    .insert(mailQueue)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      availableAt: sql`now() + ${reservedMs} * interval '1 millisecond'`,
    })
    .returning({ id: mailQueue.id });
  if (!row) throw new Error('mail insert returned no row');
  return row.id;
}

type Row = typeof mailQueue.$inferSelect;

/**
 * Sends queued mail off the request path. The process that queued a mail sends it at once
 * (`sendSoon`); the `mail-queue` worker job (`drain`) picks up what is left (a failed send, a
 * process that died), claiming rows with FOR UPDATE SKIP LOCKED and a lease, so two processes never send
 * one mail together. No transaction is held while talking to the mail server; a sent mail is
 * deleted (it may hold a reset code).
 */
export class MailSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly sendMail: SendMail,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Waits for the sends under way. */
  async stop() {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Sends one freshly queued mail now, in the background (the caller does not wait). */
  sendSoon(id: string) {
    this.track(
      (async () => {
        const [row] = await this.db
          .update(mailQueue)
          .set({ attempts: sql`${mailQueue.attempts} + 1`, availableAt: this.leaseEnd() })
          .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, 0)))
          .returning();
        if (row) await this.deliver(row);
      })(),
    );
  }

  private leaseEnd() {
    return sql`now() + ${leaseMs} * interval '1 millisecond'`;
  }

  private track(work: Promise<void>) {
    const settled = work
      .catch((err) => this.log.error({ err }, 'mail queue failure'))
      .finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
  }

  /** Claims due mails (any process's) and sends them; drops those too old to matter (a worker job). */
  async drain() {
    const dropped = await this.db
      .delete(mailQueue)
      .where(sql`${mailQueue.createdAt} < now() - ${maxAgeMs} * interval '1 millisecond'`)
      .returning({ to: mailQueue.toAddress });
    for (const { to } of dropped) this.log.error({ to }, 'mail dropped unsent: older than its code');
    const rows = await this.db
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, availableAt: this.leaseEnd() })
      .where(
        sql`${mailQueue.id} in (select id from mail_queue where available_at <= now()
            order by created_at limit 20 for update skip locked)`,
      )
      .returning();
    for (const row of rows) await this.deliver(row);
  }

  private async deliver(row: Row) {
    try {
      await this.sendMail({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      await this.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (row.attempts >= maxAttempts) {
        this.log.error({ to: row.toAddress, reason }, 'mail dropped after repeated failures');
        await this.db.delete(mailQueue).where(eq(mailQueue.id, row.id));
        return;
      }
      this.log.warn({ to: row.toAddress, attempts: row.attempts, reason }, 'mail not sent; will retry');
      const backoffSeconds = Math.min(600, 2 ** row.attempts * 15);
      await this.db
        .update(mailQueue)
        .set({ lastError: reason, availableAt: sql`now() + ${backoffSeconds} * interval '1 second'` })
        .where(eq(mailQueue.id, row.id));
    }
  }
}

/**
 * Queues a mail from a tenant's transaction (app_user may not touch mail_queue itself: the
 * definer function app_enqueue_mail, migration 0018, inserts it). As enqueueMail: call
 * `MailSender.sendSoon(id)` after the commit.
 */
export async function enqueueTenantMail(tx: Tx, mail: Mail): Promise<string> {
  const result = await tx.execute(
    sql`select app_enqueue_mail(${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}) as id`,
  );
  const id = (result as { rows?: { id?: unknown }[] }).rows?.[0]?.id;
  if (typeof id !== 'string') throw new Error('app_enqueue_mail returned no id');
  return id;
}
