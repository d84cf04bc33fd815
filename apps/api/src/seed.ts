import { foldText } from '@atende/analyzer/text';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { customers, flaggedTerms, messages, tenants, tickets, users } from './db/schema/index.ts';
import type { TenantScope } from './db/tenant.ts';
import { CpuPool } from './lib/cpu/pool.ts';
import { searchTextOf } from './lib/db-helpers.ts';
import type { DomainEvents } from './lib/events.ts';
import { addNewMessageAnalysis, writeTicketAnalysis } from './modules/analysis/analysis.service.ts';
import { credentialsFor, generatePassword, newPasswordProblem } from './modules/identity/passwords.ts';
import { countTenants } from './modules/tenants/tenants.service.ts';
import { createDomainEvents } from './reactions.ts';
import { demoCustomers, demoFlaggedTerms, demoMessages, demoTickets } from './seed-data.ts';

export const demoTenant = { name: 'Demonstração', slug: 'demo' } as const;
export const demoEmail = 'demo@atende.local';

export interface SeedResult {
  seeded: boolean;
  /** Set when DEMO_PASSWORD was not given: print it once, it is not stored in clear. */
  generatedPassword?: string;
  /** Why DEMO_PASSWORD would be refused as a user's own password (printed as a warning). */
  weakPasswordReason?: string;
}

/**
 * Fills an empty database with the demo tenant and its admin user so a newcomer sees a working
 * product. Skipped as soon as any tenant exists, so it never touches real data; atomic.
 */
export async function seedDemo(database: Database, demoPassword?: string): Promise<SeedResult> {
  if ((await countTenants(database.db)) > 0) return { seeded: false };
  // The password is checked and hashed before the transaction: no transaction waits on them.
  const weakPasswordReason = demoPassword ? await weakness(demoPassword) : undefined;
  const password = demoPassword ?? generatePassword();
  const credentials = await credentialsFor(demoEmail, password);
  // Loaded only to seed (once per database): a server's main thread never analyses otherwise.
  const analyzer = await import('@atende/analyzer');
  return database.db.transaction(async (tx) => {
    if ((await countTenants(tx)) > 0) return { seeded: false };
    // Two processes starting on one empty PostgreSQL may race here: the second inserts nothing.
    const [tenant] = await tx.insert(tenants).values(demoTenant).onConflictDoNothing().returning();
    if (!tenant) return { seeded: false };
    // Dated before the demo content: a user sees the notifications created after their account.
    await tx.insert(users).values({
      tenantId: tenant.id,
      email: demoEmail,
      ...credentials,
      groups: ['admin'],
      createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
    });
    // The owner's transaction (no tenant role yet), scoped to the new tenant by the rows it writes.
    await insertDemoContent(
      { tenantId: tenant.id, tx },
      createDomainEvents(),
      analyzer,
      tenant.maxCustomerWaitTimeMinutes,
    );
    return { seeded: true, generatedPassword: demoPassword ? undefined : password, weakPasswordReason };
  });
}

/**
 * Why DEMO_PASSWORD fails the sign-in policy, if it does. The operator chose it for a demo, so
 * the start goes on and prints the reason (a newcomer's `npm start` must not stop on it); the
 * user can replace it through "Esqueci minha senha". Scored on a pool of its own, closed at
 * once, so zxcvbn's dictionaries do not stay in the server's main thread.
 */
async function weakness(password: string) {
  const cpu = new CpuPool(1);
  try {
    return await newPasswordProblem(password, demoEmail, cpu);
  } finally {
    await cpu.close();
  }
}

/** Sample customers, tickets, messages and flagged terms, so every screen has something to show. */
async function insertDemoContent(
  scope: TenantScope,
  events: DomainEvents,
  { analyzeMessage, analyzeTicket, compileRedFlags }: typeof import('@atende/analyzer'),
  maxCustomerWaitMinutes: number,
) {
  const { tenantId, tx } = scope;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const customerRows = await tx
    .insert(customers)
    .values(
      demoCustomers.map((c) => ({
        tenantId,
        ...c,
        searchText: searchTextOf(c.name, c.document, c.company, c.email),
      })),
    )
    .returning();
  const ticketRows = await tx
    .insert(tickets)
    .values(
      demoTickets.map((t) => {
        const customer = t.customer === null ? undefined : customerRows[t.customer];
        return {
          tenantId,
          title: t.title,
          content: t.content,
          conversationText: t.content,
          customerId: customer?.id ?? null,
          customerName: customer?.name ?? null,
          searchText: searchTextOf(t.title, t.content, customer?.name),
          createdAt: hoursAgo(t.hoursAgo),
          updatedAt: hoursAgo(t.hoursAgo),
        };
      }),
    )
    .returning();
  // Analysed offline like real ones; the two oldest tickets stay pending, to show that state too.
  // Directly, not on the CPU pool: the seed runs at start-up, before any request is served.
  const tenantTerms = compileRedFlags(demoFlaggedTerms);
  // Oldest first, so the alerts they raise (through the same code as requests) come in time order.
  for (const ticket of ticketRows.slice(0, -2).reverse()) {
    await writeTicketAnalysis(
      { events },
      scope,
      ticket.id,
      analyzeTicket(ticket.content, { tenantTerms, maxCustomerWaitMinutes }),
    );
  }
  const messageRows = await tx
    .insert(messages)
    .values(
      demoMessages.map((m, i) => {
        const ticket = m.ticket === null ? undefined : ticketRows[m.ticket];
        return {
          tenantId,
          content: m.content,
          direction: m.direction,
          sender: m.direction === 'inbound' ? 'customer' : 'agent',
          channel: m.channel,
          ticketId: ticket?.id ?? null,
          customerId: ticket?.customerId ?? null,
          searchText: searchTextOf(m.content),
          createdAt: hoursAgo(demoMessages.length - i),
        };
      }),
    )
    .returning();
  for (const message of messageRows.filter((m) => m.direction === 'inbound')) {
    const result = analyzeMessage(message.content, { tenantTerms });
    if (result.contains_red_flags)
      await tx.update(messages).set({ flagged: true }).where(eq(messages.id, message.id));
    await addNewMessageAnalysis({ events }, scope, message, result);
  }
  // A person flagged the oldest pending ticket to follow it up.
  const followUp = ticketRows.at(-1);
  if (followUp) {
    await tx.update(tickets).set({ flagged: true }).where(eq(tickets.id, followUp.id));
    await events.publish(tx, tenantId, 'ticket.flag_changed', { ticket_id: followUp.id, flagged: true });
  }
  await tx
    .insert(flaggedTerms)
    .values(demoFlaggedTerms.map((term) => ({ tenantId, term, termFolded: foldText(term) })));
  // The alerts were raised just now; date them a few minutes after what raised them, so the bell
  // reads like a working history ('2h atrás', '3d atrás') instead of 31 times 'agora mesmo'.
  await tx.execute(sql`
    update notifications n
    set created_at = t.created_at + interval '3 minutes'
    from tickets t
    where n.tenant_id = ${tenantId} and t.id = n.ticket_id and n.message_id is null`);
  await tx.execute(sql`
    update notifications n set created_at = m.created_at + interval '1 minute'
    from messages m
    where n.tenant_id = ${tenantId} and m.id = n.message_id`);
}
