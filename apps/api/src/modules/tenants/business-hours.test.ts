import { businessHoursMessages as m } from '@atende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidaysOf } from '../../lib/business-time.ts';
import { type ApiCall, createTestUser, signedInClient, twoTenants } from '../../test/helpers.ts';

const office = [
  { start: '08:00', end: '12:00' },
  { start: '13:00', end: '18:00' },
];
const weekly = { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] };
/** São Paulo's date `days` from today. */
const spDate = (days: number) =>
  new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('business hours API (issue 31)', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  const freshTenant = async () => {
    const user = await createTestUser(t.server.database);
    return { ...user, api: await signedInClient(t.server, user) };
  };
  const put = (api: ApiCall, body: unknown) => api('PUT', '/tenants/settings/business-hours', body);
  const get = (api: ApiCall) => api('GET', '/tenants/settings/business-hours');

  it('answers 24×7 (every day 00:00–24:00, nothing closed) until the organisation saves its hours', async () => {
    const { api } = await freshTenant();
    const res = await get(api);
    expect(res.status).toBe(200);
    const allDay = [{ start: '00:00', end: '24:00' }];
    expect(res.body).toEqual({
      configured: false,
      time_zone: 'America/Sao_Paulo',
      state: null,
      closed_on_optional_holidays: false,
      weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
      days_off: [],
      upcoming_closed_days: [],
      updated_at: null,
    });
  });

  it('saves the schedule, answers what GET answers, lists the next closed days and records the change', async () => {
    const { api } = await freshTenant();
    const dayOff = spDate(3);
    const saved = await put(api, {
      time_zone: 'America/Manaus',
      state: 'AM',
      closed_on_optional_holidays: false,
      weekly,
      days_off: [{ date: dayOff, name: '  Inventário anual ' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      time_zone: 'America/Manaus',
      state: 'AM',
      closed_on_optional_holidays: false,
      weekly,
      days_off: [{ date: dayOff, name: 'Inventário anual' }],
      updated_at: expect.any(String),
    });
    expect(await get(api).then((r) => r.body)).toEqual(saved.body);

    // The next 5 closed days: the day off among them, in date order, state holidays of AM included.
    const upcoming = saved.body.upcoming_closed_days as { date: string; name: string }[];
    expect(upcoming).toHaveLength(5);
    expect(upcoming.map((d) => d.date)).toEqual([...upcoming.map((d) => d.date)].sort());
    expect(upcoming).toContainEqual({ date: dayOff, name: 'Inventário anual' });
    const year = Number(spDate(0).slice(0, 4));
    const holidays = new Map([...holidaysOf(year, 'AM', false), ...holidaysOf(year + 1, 'AM', false)]);
    for (const day of upcoming.filter((d) => d.date !== dayOff)) {
      expect(holidays.get(day.date)).toBe(day.name);
    }

    // Defaults for what is left out: São Paulo, no UF, closed on pontos facultativos, no days off.
    const minimal = await put(api, { weekly });
    expect(minimal.body).toMatchObject({
      time_zone: 'America/Sao_Paulo',
      state: null,
      closed_on_optional_holidays: true,
      days_off: [],
    });

    const log = (await api('GET', '/audit?per_page=100')).body.entries as {
      action: string;
      target: string | null;
      details: { fields: string[]; changes: { business_hours: { before: unknown; after: unknown } } };
    }[];
    const changes = log.filter((e) => e.target === 'Horário de atendimento');
    expect(changes).toHaveLength(2);
    expect(changes.map((e) => e.action)).toEqual(['settings.updated', 'settings.updated']);
    const first = changes[1];
    expect(first?.details.fields).toEqual(['business_hours']);
    expect(first?.details.changes.business_hours.before).toBe('24×7');
    expect(first?.details.changes.business_hours.after).toMatchObject({
      time_zone: 'America/Manaus',
      state: 'AM',
    });
    // The same schedule again changes nothing: no new row.
    await put(api, { weekly });
    const again = (await api('GET', '/audit?per_page=100')).body.entries as { target: string | null }[];
    expect(again.filter((e) => e.target === 'Horário de atendimento')).toHaveLength(2);
  });

  it('validates each field with a pt-BR message naming it', async () => {
    const { api } = await freshTenant();
    const day = (intervals: unknown) => ({ weekly: { ...weekly, mon: intervals } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weekly: undefined }, 'body.weekly', m.weekly],
      [{ weekly: { ...weekly, sun: undefined } }, 'body.weekly.sun', m.weekly],
      [day([{ start: '8:00', end: '12:00' }]), 'body.weekly.mon.0.start', m.time],
      [day([{ start: '24:00', end: '24:00' }]), 'body.weekly.mon.0.start', m.time],
      [day([{ start: '08:00', end: '24:01' }]), 'body.weekly.mon.0.end', m.endTime],
      [day([{ start: '08:00', end: '12:60' }]), 'body.weekly.mon.0.end', m.endTime],
      [day([{ start: '12:00', end: '08:00' }]), 'body.weekly.mon.0.end', m.order],
      [day([{ start: '12:00', end: '12:00' }]), 'body.weekly.mon.0.end', m.order],
      [
        day([
          { start: '08:00', end: '12:00' },
          { start: '11:00', end: '18:00' },
        ]),
        'body.weekly.mon.1.start',
        m.overlap,
      ],
      [
        day([
          { start: '13:00', end: '18:00' },
          { start: '08:00', end: '12:00' },
        ]),
        'body.weekly.mon.1.start',
        m.overlap,
      ],
      [
        day(Array.from({ length: 7 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` }))),
        'body.weekly.mon',
        m.tooManyIntervals,
      ],
      [{ time_zone: 'America/Atlantida' }, 'body.time_zone', m.timeZone],
      [{ time_zone: '' }, 'body.time_zone', m.timeZone],
      [{ state: 'XX' }, 'body.state', m.state],
      [{ state: 'sp' }, 'body.state', m.state],
      [{ days_off: [{ date: '2026-02-30', name: 'Nunca' }] }, 'body.days_off.0.date', m.date],
      [{ days_off: [{ date: '30/12/2026', name: 'Outro formato' }] }, 'body.days_off.0.date', m.date],
      [{ days_off: [{ date: '2026-12-24', name: '  ' }] }, 'body.days_off.0.name', m.dayOffName],
      [
        { days_off: [{ date: '2026-12-24', name: 'x'.repeat(101) }] },
        'body.days_off.0.name',
        'Use no máximo 100 caracteres.',
      ],
      [
        {
          days_off: [
            { date: '2026-12-24', name: 'Véspera' },
            { date: '2026-12-24', name: 'De novo' },
          ],
        },
        'body.days_off.1.date',
        m.duplicateDate,
      ],
      [
        {
          days_off: Array.from({ length: 367 }, (_, i) => ({
            date: new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10),
            name: 'Folga',
          })),
        },
        'body.days_off',
        m.tooManyDaysOff,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await put(api, { weekly, ...change });
      expect(res.status, JSON.stringify(change).slice(0, 200)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.fields, JSON.stringify(change).slice(0, 200)).toEqual([{ field, message }]);
    }
    // Touching intervals and 24:00 are fine; nothing was stored by the refused ones.
    expect((await get(api)).body.configured).toBe(false);
    const touching = await put(
      api,
      day([
        { start: '00:00', end: '12:00' },
        { start: '12:00', end: '24:00' },
      ]),
    );
    expect(touching.status).toBe(200);
  });

  it("never shows or changes another organisation's hours", async () => {
    expect((await put(t.a.api, { weekly, state: 'SP' })).status).toBe(200);
    const seenByB = await get(t.b.api);
    expect(seenByB.body.configured).toBe(false);
    expect((await put(t.b.api, { weekly: { ...weekly, sat: office }, state: 'RJ' })).status).toBe(200);
    expect((await get(t.a.api)).body).toMatchObject({ state: 'SP', weekly: { sat: [] } });
    const spoofed = await t.b.api(
      'PUT',
      '/tenants/settings/business-hours',
      { weekly },
      {
        'x-tenant-id': t.a.tenant.id,
      },
    );
    expect(spoofed.status).toBe(403);
    expect((await get(t.a.api)).body.state).toBe('SP');
  });
});
