import type { FeedbackAnalysisType } from '@atende/contracts';
import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  analysisExamples,
  analysisFeedback,
  messageAnalyses,
  messages,
  tenants,
  ticketAnalyses,
  tickets,
  users,
} from '../../db/schema/index.ts';

// Every function takes the tenant's transaction (request.tenantTx): row-level security limits it
// to that tenant, so another tenant's analysis or feedback is never seen.

/** The user's tenant when they are an enabled user (undefined otherwise). */
export async function findEnabledUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.enabled, true)));
  return row;
}

/** Whether the analysis (of that type) is the tenant's. */
export async function analysisExists(tx: Tx, type: FeedbackAnalysisType, analysisId: string) {
  const table = type === 'ticket' ? ticketAnalyses : messageAnalyses;
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.id, analysisId));
  return rows.length > 0;
}

export interface FeedbackValues {
  tenantId: string;
  userId: string;
  analysisType: FeedbackAnalysisType;
  analysisId: string;
  field: string;
  verdict: string;
  correction: string | null;
}

/** Inserts the user's feedback on the field, or replaces their earlier one (one statement). */
export async function upsertFeedback(tx: Tx, values: FeedbackValues) {
  const [row] = await tx
    .insert(analysisFeedback)
    .values(values)
    .onConflictDoUpdate({
      target: [
        analysisFeedback.tenantId,
        analysisFeedback.userId,
        analysisFeedback.analysisType,
        analysisFeedback.analysisId,
        analysisFeedback.field,
      ],
      set: { verdict: values.verdict, correction: values.correction, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** The user's feedback on one analysis, in the fields' order of creation. */
export function listOwn(tx: Tx, userId: string, type: FeedbackAnalysisType, analysisId: string) {
  return tx
    .select()
    .from(analysisFeedback)
    .where(
      and(
        eq(analysisFeedback.userId, userId),
        eq(analysisFeedback.analysisType, type),
        eq(analysisFeedback.analysisId, analysisId),
      ),
    )
    .orderBy(analysisFeedback.createdAt, analysisFeedback.id);
}

/** Counts per field and verdict of the tenant's feedback given since `since` (one grouped query). */
export function countByFieldAndVerdict(tx: Tx, since: Date) {
  return tx
    .select({ field: analysisFeedback.field, verdict: analysisFeedback.verdict, n: count() })
    .from(analysisFeedback)
    .where(gte(analysisFeedback.createdAt, since))
    .groupBy(analysisFeedback.field, analysisFeedback.verdict);
}

/** Where the export continues: the last row of the previous page (newest first). */
export interface ExportCursor {
  /** created_at as PostgreSQL prints it: microseconds, which a Date would lose. */
  createdAt: string;
  id: string;
}

/** The analysed texts are exported up to this many characters (what the analyzer reads). */
export const exportTextChars = 20_000;

/** A ticket's conversation (else its content), or a message's content; null when it is gone. */
const fullText = sql`coalesce(nullif(${tickets.conversationText}, ''), ${tickets.content}, ${messages.content})`;

/** The feedback's analysed ticket or message (left joins: either may be gone). */
const ofTicket = and(
  eq(analysisFeedback.analysisType, 'ticket'),
  eq(ticketAnalyses.id, analysisFeedback.analysisId),
);
const ofMessage = and(
  eq(analysisFeedback.analysisType, 'message'),
  eq(messageAnalyses.id, analysisFeedback.analysisId),
);

/**
 * One page of the tenant's 👎 with a correction, newest first, each with the analysed text: a
 * ticket's conversation (else its content), a message's content — its first 20,000 characters,
 * what the analyzer reads (a ticket edited after its analysis exports its current text). Feedback
 * whose analysis is gone (its ticket or message deleted) has no text and is left out. At most
 * `limit` rows and, past the first, `maxBytes` of text: a window of `limit` rows (ids and sizes,
 * `octet_length` reads a stored text's header, not the text) is summed in order and only the rows
 * within the budget are read in full. `more`: rows may follow the page.
 */
export async function correctionsPage(
  tx: Tx,
  after: ExportCursor | undefined,
  limit: number,
  maxBytes: number,
) {
  const bytes = sql`(least(octet_length(${fullText}), ${exportTextChars * 4}::int) + 256)`;
  const window = tx.$with('export_window').as(
    tx
      .select({
        windowId: sql<string>`${analysisFeedback.id}`.as('window_id'),
        bytes: sql<number>`${bytes}`.as('bytes'),
        upTo: sql<number>`sum(${bytes}) over (order by ${analysisFeedback.createdAt} desc, ${analysisFeedback.id} desc rows between unbounded preceding and current row)`.as(
          'up_to',
        ),
      })
      .from(analysisFeedback)
      .leftJoin(ticketAnalyses, ofTicket)
      .leftJoin(tickets, eq(tickets.id, ticketAnalyses.ticketId))
      .leftJoin(messageAnalyses, ofMessage)
      .leftJoin(messages, eq(messages.id, messageAnalyses.messageId))
      .where(
        and(
          eq(analysisFeedback.verdict, 'down'),
          isNotNull(analysisFeedback.correction),
          sql`${fullText} is not null`,
          after
            ? sql`(${analysisFeedback.createdAt}, ${analysisFeedback.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(analysisFeedback.createdAt), desc(analysisFeedback.id))
      .limit(limit),
  );
  const rows = await tx
    .with(window)
    .select({
      windowRows: sql<number>`(select count(*) from ${window})::int`,
      id: analysisFeedback.id,
      createdAt: sql<string>`${analysisFeedback.createdAt}::text`,
      field: analysisFeedback.field,
      correction: analysisFeedback.correction,
      text: sql<string | null>`left(${fullText}, ${exportTextChars}::int)`,
    })
    .from(window)
    .innerJoin(analysisFeedback, eq(analysisFeedback.id, window.windowId))
    .leftJoin(ticketAnalyses, ofTicket)
    .leftJoin(tickets, eq(tickets.id, ticketAnalyses.ticketId))
    .leftJoin(messageAnalyses, ofMessage)
    .leftJoin(messages, eq(messages.id, messageAnalyses.messageId))
    // The rows that end within the budget; the first one always (one row may be larger).
    .where(sql`(${window.upTo} <= ${maxBytes} or ${window.upTo} = ${window.bytes})`)
    .orderBy(desc(analysisFeedback.createdAt), desc(analysisFeedback.id));
  const windowRows = rows[0]?.windowRows ?? 0;
  return { rows, more: windowRows === limit || rows.length < windowRows };
}

// ---------------------------------------------------------------------------------------------
// The team's corrections as examples (analysis_examples): written when a 👎 carries a corrected
// sentiment or intent of a message analysis, read as neighbours of a new message's text.

/** The text of the message a message analysis is of (undefined when gone). */
export async function messageTextOfAnalysis(tx: Tx, analysisId: string) {
  const [row] = await tx
    .select({ content: messages.content })
    .from(messageAnalyses)
    .innerJoin(
      messages,
      and(eq(messages.tenantId, messageAnalyses.tenantId), eq(messages.id, messageAnalyses.messageId)),
    )
    .where(eq(messageAnalyses.id, analysisId));
  return row?.content;
}

export interface ExampleValues {
  tenantId: string;
  feedbackId: string;
  field: string;
  label: string;
  text: string;
}

/** The feedback row's example, new or replaced (a replaced one counts as new: it goes out last). */
export async function upsertExample(tx: Tx, values: ExampleValues) {
  await tx
    .insert(analysisExamples)
    .values(values)
    .onConflictDoUpdate({
      target: [analysisExamples.tenantId, analysisExamples.feedbackId],
      set: { field: values.field, label: values.label, text: values.text, createdAt: sql`now()` },
    });
}

export async function deleteExampleOf(tx: Tx, feedbackId: string) {
  await tx.delete(analysisExamples).where(eq(analysisExamples.feedbackId, feedbackId));
}

/** Keeps the tenant's newest `keep` examples (the oldest go out). */
export async function trimExamples(tx: Tx, tenantId: string, keep: number) {
  await tx.execute(sql`
    DELETE FROM analysis_examples
     WHERE tenant_id = ${tenantId}
       AND id IN (SELECT id FROM analysis_examples
                   WHERE tenant_id = ${tenantId}
                   ORDER BY created_at DESC, id DESC
                  OFFSET ${keep})`);
}

/** Whether the tenant lets its corrections adjust new analyses (tenants.learn_from_corrections). */
export async function learnsFromCorrections(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({ on: tenants.learnFromCorrections })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.on ?? false;
}

/** Words too common to tell examples apart (the prefilter of nearestExamples skips them). */
const commonWords = new Set(
  'para pela pelo pelos pelas como mais mas isso esse essa este esta está estou estão você vocês voce voces minha meus minhas meu nosso nossa ainda agora hoje aqui onde quando porque porquê então entao também tambem muito muita tudo nada sobre qual quais fazer feito tenho temos quero queria preciso obrigado obrigada favor'.split(
    ' ',
  ),
);

/**
 * The tenant's examples whose trigram similarity to `text` is at least `threshold`, the closest
 * first (at most `limit`). With a few thousand examples the planner reads the tenant's rows and
 * tests each (~4 µs on PostgreSQL, ~15 µs on PGlite); the trigram index serves larger tables.
 */
export async function nearestExamples(
  tx: Tx,
  tenantId: string,
  text: string,
  threshold: number,
  limit: number,
) {
  // `%` at the threshold itself, for this transaction only.
  await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`);
  const similarity = sql<number>`similarity(${analysisExamples.text}, ${text})`;
  // Examples that close share a word: a cheap regex over the message's words (written first, so
  // evaluated first) spares the trigram test on the rest. Only words of 4+ letters that are not
  // everywhere; without any, no such filter.
  const words = [...new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])]
    .filter((word) => !commonWords.has(word))
    .slice(0, 40);
  const sharesAWord = words.length
    ? sql`${analysisExamples.text} ~* ${`(^|[^[:alpha:]])(${words.join('|')})([^[:alpha:]]|$)`}`
    : sql`true`;
  return tx
    .select({ field: analysisExamples.field, label: analysisExamples.label, similarity })
    .from(analysisExamples)
    .where(and(eq(analysisExamples.tenantId, tenantId), sharesAWord, sql`${analysisExamples.text} % ${text}`))
    .orderBy(desc(similarity))
    .limit(limit);
}
