// Search at scale (issue 33, migration 0026): a search asks app_search_plan which words the trigram
// index pre-filters with (rare ones), and otherwise reads the list newest first. Both must answer
// exactly what LIKE '%word%' on every word answers, for the tenant only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkedCountRows, walkedRows } from '../../lib/db-helpers.ts';
import { type Json, twoTenants } from '../../test/helpers.ts';

type Two = Awaited<ReturnType<typeof twoTenants>>;

/** `count` tickets of a tenant, 'chamado comum <i>' (+ extra for the listed i), newest i = 1. */
async function fill(t: Two, tenantId: string, count: number, extra: Record<number, string> = {}) {
  const extras = Object.entries(extra);
  await t.server.database.db.execute(sql`
    insert into tickets (tenant_id, content, search_text, created_at)
    select ${tenantId}::uuid, 'Chamado ' || i, 'chamado comum ' || i || coalesce(x.words, ''),
           now() - i * interval '1 minute'
    from generate_series(1, ${count}::int) as i
    left join (select * from unnest(${`{${extras.map(([i]) => i).join(',')}}`}::int[],
                                    ${`{${extras.map(([, w]) => `"${w}"`).join(',')}}`}::text[]) as e(n, words)) x
      on x.n = i`);
}

/** What LIKE on every word answers: the tenant's ticket ids, newest first. */
async function expected(t: Two, tenantId: string, words: string[]) {
  const result = await t.server.database.db.execute(sql`
    select id from tickets where tenant_id = ${tenantId}
      ${sql.join(
        words.map((w) => sql`and search_text like ${`%${w}%`}`),
        sql` `,
      )}
    order by created_at desc, id desc`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** The plan of a search as the tenant's transaction asks for it. */
async function planOf(t: Two, tenantId: string, patterns: string[]) {
  return t.server.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`,
    );
    const result = await tx.execute(
      sql`select pattern, indexed from app_search_plan('tickets', ${`{${patterns.join(',')}}`}::text[])`,
    );
    return (result as unknown as { rows: { pattern: string; indexed: boolean }[] }).rows;
  });
}

const idsOf = (body: Json) => body.tickets.map((ticket: Json) => ticket.id);

describe('ticket search (issue 33)', () => {
  let t: Two;
  beforeAll(async () => {
    t = await twoTenants();
    // 600 of A's tickets hold 'comum'; 'xyz123' only 2 of them (a rare word: 4 of 610 rows).
    await fill(t, t.a.tenant.id, 600, { 17: ' protocolo xyz123', 450: ' protocolo xyz123' });
    await fill(t, t.b.tenant.id, 10, { 3: ' protocolo xyz123', 7: ' protocolo xyz123' });
  });
  afterAll(() => t.server.close());

  it('pre-filters through the index with the rare word and rechecks every word, for the tenant only', async () => {
    // Sampled from every tenant's rows (on PostgreSQL the test files share a database): 'xyz123' is
    // rare whatever the sample; 'comum' is common unless the sample missed A's rows.
    const plan = await planOf(t, t.a.tenant.id, ['%comum%', '%xyz123%']);
    expect(plan).toContainEqual({ pattern: '%xyz123%', indexed: true });
    if (!plan.find((p) => p.pattern === '%comum%')?.indexed) expect(plan[0]?.pattern).toBe('%xyz123%');
    const res = await t.a.api('GET', '/tickets?search=COMUM%20xyz123');
    expect(res.body.total).toBe(2);
    expect(res.body.total_is_estimate).toBeUndefined();
    expect(idsOf(res.body)).toEqual(await expected(t, t.a.tenant.id, ['comum', 'xyz123']));
    expect((await t.b.api('GET', '/tickets?search=comum%20xyz123')).body.total).toBe(2);
    expect((await t.a.api('GET', '/tickets?search=comum%20naoexiste')).body).toMatchObject({
      total: 0,
      tickets: [],
    });
  });

  it('reads the list newest first when no word has a trigram, with exact pages and total', async () => {
    // 'ch' and '7': no three letters or digits in a row, so no index can serve them.
    expect((await planOf(t, t.a.tenant.id, ['%ch%', '%7%'])).every((p) => !p.indexed)).toBe(true);
    const all = await expected(t, t.a.tenant.id, ['ch', '7']);
    expect(all.length).toBeGreaterThan(40);
    for (const page of [1, 2, 3]) {
      const res = await t.a.api('GET', `/tickets?search=ch%207&per_page=20&page=${page}`);
      expect(res.body.total).toBe(all.length);
      expect(res.body.total_is_estimate).toBeUndefined();
      expect(idsOf(res.body)).toEqual(all.slice((page - 1) * 20, page * 20));
    }
    // Past the last match: no rows, the same total; with another filter, still exact.
    const past = await t.a.api(
      'GET',
      `/tickets?search=ch%207&per_page=100&page=${Math.ceil(all.length / 100) + 1}`,
    );
    expect(past.body).toMatchObject({ total: all.length, tickets: [] });
    const flagged = await t.a.api('GET', '/tickets?search=ch%207&flagged=true');
    expect(flagged.body).toMatchObject({ total: 0, tickets: [] });
    // B's rows never show (B holds 'chamado comum 7' too).
    expect((await t.b.api('GET', '/tickets?search=ch%207')).body.total).toBe(1);
  });

  it('leaves the trigram functions nothing to answer without a tenant, and no other table', async () => {
    const db = t.server.database.db;
    const rows = (await db.execute(
      sql`select count(*)::int as n from app_search_ids('tickets', '{%comum%}'::text[])`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
    await expect(db.execute(sql`select * from app_search_plan('users', '{%a%}'::text[])`)).rejects.toThrow();
  });
});

describe('ticket search past the rows a walk reads (issue 33)', () => {
  let t: Two;
  const count = walkedRows + 99;
  beforeAll(async () => {
    t = await twoTenants();
    // 'zq' (no trigram: the list is walked) is only in a ticket older than the rows a walk reads.
    await fill(t, t.a.tenant.id, count, { [count - 10]: ' zq' });
    for (let i = 0; i < 50 && (await t.a.api('GET', '/tickets?per_page=1')).status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000); // 10,100 rows into PGlite on this thread, beside other test files
  afterAll(() => t.server.close());

  it('pages exactly and says the total is a lower bound: the matches among the newest rows', async () => {
    const all = await expected(t, t.a.tenant.id, ['ch', '5']);
    // i = 1 is the newest: the count reads i = 1 … walkedCountRows and finds these.
    const withinReach = (
      (await t.server.database.db.execute(sql`
        select count(*)::int as n from tickets
        where tenant_id = ${t.a.tenant.id} and search_text like '%5%'
          and created_at >= (select min(created_at) from (
            select created_at from tickets where tenant_id = ${t.a.tenant.id}
            order by created_at desc, id desc limit ${walkedCountRows}) as newest)`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;
    expect(all.length).toBeGreaterThan(withinReach ?? 0);
    const first = await t.a.api('GET', '/tickets?search=ch%205&per_page=20&page=1');
    expect(first.body).toMatchObject({ total: withinReach, total_is_estimate: true });
    expect(idsOf(first.body)).toEqual(all.slice(0, 20));
    const third = await t.a.api('GET', '/tickets?search=ch%205&per_page=20&page=3');
    expect(idsOf(third.body)).toEqual(all.slice(40, 60));
    // Pages reach past the rows counted: the lower bound is then at least the page's last row.
    const deep = Math.ceil(((withinReach ?? 0) + 40) / 20) * 20;
    const far = await t.a.api('GET', `/tickets?search=ch%205&per_page=20&page=${deep / 20}`);
    expect(idsOf(far.body)).toEqual(all.slice(deep - 20, deep));
    expect(far.body).toMatchObject({ total: deep, total_is_estimate: true });
  });

  it('reads the rest the complete way when the newest rows cannot fill the page', async () => {
    const all = await expected(t, t.a.tenant.id, ['zq']);
    expect(all).toHaveLength(1);
    const res = await t.a.api('GET', '/tickets?search=zq');
    expect(idsOf(res.body)).toEqual(all);
    expect(res.body.total).toBe(1);
    expect(res.body.total_is_estimate ?? false).toBe(false);
  });
});
