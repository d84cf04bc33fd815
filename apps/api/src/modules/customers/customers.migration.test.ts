import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { searchTextOf } from '../../lib/db-helpers.ts';
import { twoTenants } from '../../test/helpers.ts';

/** Migration 0022: the phone digits of customers saved before they were searched. */
const phoneBackfill = () =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../drizzle/0022_customer_phone_search.sql'), 'utf8');

describe('migration 0022: customers saved before are found by their phone', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  it("adds the phone's digits to search_text once, leaving rows that have them alone", async () => {
    const db = t.server.database.db;
    // The search below asks for '43' (the area code) and '9<head>': neither the digits nor the name
    // may hold '43' of their own, or the rows would match before the backfill (1 run in ~12 did).
    const draw = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    let digits = draw();
    while (digits.includes('43')) digits = draw();
    const [head, rest] = [digits.slice(0, 4), digits.slice(4)];
    const name = `Antigo ${randomUUID().slice(0, 8).replaceAll('43', 'xx')}`;
    // As the service wrote a customer before: name, document, company, e-mail, no phone.
    const [old] = await db
      .insert(customers)
      .values({
        tenantId: t.a.tenant.id,
        name,
        document: `9${digits}00`,
        phone: `(43) 9${head}-${rest}`,
        searchText: searchTextOf(name, `9${digits}00`),
      })
      .returning();
    // A DigiSac contact: its number's digits are in search_text already.
    const contactText = searchTextOf(`Contato ${head}`, `55449${digits}`);
    const [contact] = await db
      .insert(customers)
      .values({
        tenantId: t.a.tenant.id,
        name: `Contato ${head}`,
        document: null,
        source: 'digisac',
        externalId: randomUUID(),
        phone: `55449${digits}`,
        searchText: contactText,
      })
      .returning();
    if (!old || !contact) throw new Error('not inserted');
    const search = async (q: string) =>
      (await t.a.api('GET', `/customers?search=${encodeURIComponent(q)}`)).body.customers.map(
        (c: { id: string }) => c.id,
      );
    expect(await search(`(43) 9${head}`)).toEqual([]);

    await db.execute(sql.raw(phoneBackfill()));
    const textOf = async (id: string) =>
      (await db.select({ text: customers.searchText }).from(customers).where(eq(customers.id, id)))[0]?.text;
    expect(await textOf(old.id)).toBe(`${searchTextOf(name, `9${digits}00`)} 439${head}${rest}`);
    expect(await textOf(contact.id)).toBe(contactText);
    expect(await search(`(43) 9${head}`)).toEqual([old.id]);
    expect((await search(`9${head}-${rest}`)).sort()).toEqual([contact.id, old.id].sort());
    // Another organisation finds neither.
    expect((await t.b.api('GET', `/customers?search=9${head}${rest}`)).body.total).toBe(0);

    // A second run changes nothing.
    await db.execute(sql.raw(phoneBackfill()));
    expect(await textOf(old.id)).toBe(`${searchTextOf(name, `9${digits}00`)} 439${head}${rest}`);
  });
});
