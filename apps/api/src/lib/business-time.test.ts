import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  type BusinessSchedule,
  businessMinutesBetween,
  businessMinutesCounter,
  closedReason,
  holidaysOf,
  isValidTimeZone,
  officeHours,
  upcomingClosedDays,
} from './business-time.ts';

// Issue 31: the SLA counts open business minutes. São Paulo has had no DST since 2019 (UTC−3);
// New York stands in for a zone with DST (2026: 8 March springs forward, 1 November falls back).

/** An instant from a São Paulo wall time (UTC−3). */
const sp = (iso: string) => Date.parse(`${iso}:00-03:00`);
const at = (iso: string, offset: string) => Date.parse(`${iso}:00${offset}`);

const office = officeHours(); // Mon–Fri 08:00–18:00, São Paulo, pontos facultativos closed

function withHours(patch: Partial<BusinessSchedule>): BusinessSchedule {
  return { ...officeHours(), ...patch };
}

describe('24×7 (no schedule): today’s behaviour', () => {
  it('counts every minute and adds wall-clock minutes, holidays included', () => {
    expect(businessMinutesBetween(null, sp('2026-12-24T23:00'), sp('2026-12-26T01:00'))).toBe(26 * 60);
    expect(addBusinessMinutes(null, sp('2026-11-27T17:50'), 30)).toBe(sp('2026-11-27T18:20'));
    expect(businessMinutesBetween(null, sp('2026-11-27T18:00'), sp('2026-11-27T17:00'))).toBe(0);
  });
});

describe('weekends and hours', () => {
  it('Friday 17:50 with a 30-minute limit: warns Monday 08:14 (80 %) and breaches 08:20', () => {
    const start = sp('2026-11-27T17:50'); // a Friday
    expect(addBusinessMinutes(office, start, 24)).toBe(sp('2026-11-30T08:14'));
    expect(addBusinessMinutes(office, start, 30)).toBe(sp('2026-11-30T08:20'));
    expect(businessMinutesBetween(office, start, sp('2026-11-30T08:20'))).toBe(30);
  });

  it('a message on Saturday night starts counting at Monday’s opening', () => {
    const start = sp('2026-11-28T22:00');
    expect(addBusinessMinutes(office, start, 0)).toBe(sp('2026-11-30T08:00'));
    expect(addBusinessMinutes(office, start, 30)).toBe(sp('2026-11-30T08:30'));
    expect(businessMinutesBetween(office, start, sp('2026-11-30T07:59'))).toBe(0);
  });

  it('a deadline reached at closing time is the closing instant, not the next opening', () => {
    expect(addBusinessMinutes(office, sp('2026-11-26T17:30'), 30)).toBe(sp('2026-11-26T18:00'));
    // …and a wait starting at closing counts from the next opening
    expect(addBusinessMinutes(office, sp('2026-11-26T18:00'), 1)).toBe(sp('2026-11-27T08:01'));
  });

  it('a wait inside the hours counts wall-clock minutes', () => {
    expect(addBusinessMinutes(office, sp('2026-11-26T09:10'), 45)).toBe(sp('2026-11-26T09:55'));
    expect(businessMinutesBetween(office, sp('2026-11-26T09:10'), sp('2026-11-26T09:55'))).toBe(45);
  });

  it('counts a whole week as 5 × 10 hours', () => {
    expect(businessMinutesBetween(office, sp('2026-11-23T00:00'), sp('2026-11-30T00:00'))).toBe(50 * 60);
  });

  it('fractional minutes are kept', () => {
    expect(businessMinutesBetween(office, sp('2026-11-26T09:00'), sp('2026-11-26T09:00') + 30_000)).toBe(0.5);
  });
});

describe('intervals', () => {
  const split = withHours({
    weekly: {
      ...officeHours().weekly,
      wed: [
        { start: '13:00', end: '18:00' },
        { start: '08:00', end: '12:00' },
      ],
    },
  });

  it('skips the lunch break', () => {
    expect(addBusinessMinutes(split, sp('2026-11-25T11:50'), 30)).toBe(sp('2026-11-25T13:20'));
    expect(businessMinutesBetween(split, sp('2026-11-25T11:50'), sp('2026-11-25T13:20'))).toBe(30);
    expect(businessMinutesBetween(split, sp('2026-11-25T00:00'), sp('2026-11-26T00:00'))).toBe(9 * 60);
  });

  it('merges overlapping intervals and ignores empty ones', () => {
    const overlapping = withHours({
      weekly: {
        ...officeHours().weekly,
        mon: [
          { start: '08:00', end: '12:00' },
          { start: '11:00', end: '14:00' },
          { start: '15:00', end: '15:00' },
        ],
      },
    });
    expect(businessMinutesBetween(overlapping, sp('2026-11-30T00:00'), sp('2026-12-01T00:00'))).toBe(6 * 60);
  });

  it('an interval ending at 24:00 runs into the next day’s 00:00 interval', () => {
    const night = withHours({
      weekly: {
        ...officeHours().weekly,
        thu: [{ start: '20:00', end: '24:00' }],
        fri: [{ start: '00:00', end: '02:00' }],
      },
    });
    expect(addBusinessMinutes(night, sp('2026-11-26T23:30'), 60)).toBe(sp('2026-11-27T00:30'));
    expect(businessMinutesBetween(night, sp('2026-11-26T23:30'), sp('2026-11-27T00:30'))).toBe(60);
  });

  it('a week with no hours never reaches a deadline', () => {
    const closed = withHours({
      weekly: { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
    });
    expect(addBusinessMinutes(closed, sp('2026-11-26T10:00'), 30)).toBeNull();
    expect(businessMinutesBetween(closed, sp('2026-11-26T10:00'), sp('2026-12-26T10:00'))).toBe(0);
  });
});

describe('holidays', () => {
  it('knows the fixed and the movable national holidays', () => {
    const y2026 = holidaysOf(2026, null, true);
    expect(y2026.get('2026-01-01')).toBe('Ano novo');
    expect(y2026.get('2026-04-03')).toBe('Sexta-feira Santa'); // Easter 2026: 5 April
    expect(y2026.get('2026-02-16')).toBe('Carnaval (segunda-feira)');
    expect(y2026.get('2026-02-17')).toMatch(/^Carnaval/);
    expect(y2026.get('2026-06-04')).toBe('Corpus Christi');
    expect(y2026.get('2026-11-20')).toBe('Dia da Consciência Negra');
    expect(y2026.get('2026-12-25')).toBe('Natal');
    expect(y2026.has('2026-04-05')).toBe(false); // Páscoa is a Sunday, not a day off of its own
    // another year's Easter: 2027-03-28 → Sexta-feira Santa 26 March, Corpus Christi 27 May
    const y2027 = holidaysOf(2027, null, true);
    expect(y2027.get('2027-03-26')).toBe('Sexta-feira Santa');
    expect(y2027.get('2027-05-27')).toBe('Corpus Christi');
  });

  it('pontos facultativos are closed by default, open when switched off; national ones stay closed', () => {
    const open = holidaysOf(2026, null, false);
    expect(open.has('2026-02-16')).toBe(false);
    expect(open.has('2026-02-17')).toBe(false);
    expect(open.has('2026-06-04')).toBe(false);
    expect(open.get('2026-04-03')).toBe('Sexta-feira Santa');
  });

  it('a holiday Monday moves the Friday 17:50 deadline to Tuesday', () => {
    // 2026-11-20 (Friday) is Dia da Consciência Negra; a tenant day off on Monday 30 Nov.
    const start = sp('2026-11-27T17:50');
    const mondayOff = withHours({ daysOff: [{ date: '2026-11-30', name: 'Recesso da equipe' }] });
    expect(addBusinessMinutes(mondayOff, start, 24)).toBe(sp('2026-12-01T08:14'));
    expect(addBusinessMinutes(mondayOff, start, 30)).toBe(sp('2026-12-01T08:20'));
    // and a national one: Friday 30 Oct 17:50 → Monday 2 Nov is Finados → Tuesday
    expect(addBusinessMinutes(office, sp('2026-10-30T17:50'), 30)).toBe(sp('2026-11-03T08:20'));
  });

  it('Carnaval closes Monday and Tuesday unless the tenant works on pontos facultativos', () => {
    const friday = sp('2026-02-13T17:50');
    expect(addBusinessMinutes(office, friday, 30)).toBe(sp('2026-02-18T08:20'));
    const works = withHours({ closedOnOptionalHolidays: false });
    expect(addBusinessMinutes(works, friday, 30)).toBe(sp('2026-02-16T08:20'));
  });

  it('a wait spanning a long holiday: Christmas to New Year with a team recess', () => {
    const recess = withHours({
      daysOff: ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31'].map((date) => ({
        date,
        name: 'Recesso',
      })),
    });
    // Wednesday 23 Dec 17:00: 60 min on the 23rd; 24th (Thursday) open; 25th Natal.
    expect(addBusinessMinutes(recess, sp('2026-12-23T17:00'), 60 + 600 + 30)).toBe(sp('2027-01-04T08:30'));
    expect(businessMinutesBetween(recess, sp('2026-12-23T17:00'), sp('2027-01-04T08:30'))).toBe(690);
  });

  it('years the holiday calendar does not cover close nothing, and are not remembered one by one', () => {
    // GET /analytics/sla takes windows in any year: each must not add to the cache for good.
    expect(holidaysOf(1850, 'SP', true).size).toBe(0);
    expect(holidaysOf(5000, null, false).size).toBe(0);
    expect(holidaysOf(1850, 'SP', true)).toBe(holidaysOf(5000, null, false));
    expect(holidaysOf(1900, null, false).get('1900-01-01')).toBe('Ano novo');
  });

  it('state holidays only when a UF is set', () => {
    expect(holidaysOf(2026, null, true).has('2026-07-09')).toBe(false);
    expect(holidaysOf(2026, 'SP', true).get('2026-07-09')).toBe('Revolução Constitucionalista');
    const sampa = withHours({ state: 'SP' });
    // Wednesday 8 July 17:50 → Thursday 9 July closed → Friday
    expect(addBusinessMinutes(sampa, sp('2026-07-08T17:50'), 30)).toBe(sp('2026-07-10T08:20'));
    expect(addBusinessMinutes(office, sp('2026-07-08T17:50'), 30)).toBe(sp('2026-07-09T08:20'));
  });

  it('names why a day is closed and lists the next closed days', () => {
    const withDayOff = withHours({ daysOff: [{ date: '2026-12-24', name: 'Véspera de Natal' }] });
    expect(closedReason(withDayOff, '2026-12-24')).toBe('Véspera de Natal');
    expect(closedReason(withDayOff, '2026-12-23')).toBeNull();
    expect(upcomingClosedDays(withDayOff, sp('2026-11-27T10:00'), 3)).toEqual([
      { date: '2026-12-24', name: 'Véspera de Natal' },
      { date: '2026-12-25', name: 'Natal' },
      { date: '2027-01-01', name: 'Ano novo' },
    ]);
  });
});

describe('time zones', () => {
  it('uses the schedule’s zone for the hours', () => {
    const manaus = withHours({ timeZone: 'America/Manaus' }); // UTC−4
    expect(addBusinessMinutes(manaus, at('2026-11-27T17:50', '-04:00'), 30)).toBe(
      at('2026-11-30T08:20', '-04:00'),
    );
    expect(isValidTimeZone('America/Manaus')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  const ny = withHours({ timeZone: 'America/New_York' });

  it('a zone with DST: the hours follow the wall clock across the spring-forward weekend', () => {
    // Friday 6 March 17:50 EST (−05:00); Monday 9 March is EDT (−04:00)
    expect(addBusinessMinutes(ny, at('2026-03-06T17:50', '-05:00'), 30)).toBe(
      at('2026-03-09T08:20', '-04:00'),
    );
    expect(
      businessMinutesBetween(ny, at('2026-03-06T17:50', '-05:00'), at('2026-03-09T08:20', '-04:00')),
    ).toBe(30);
  });

  it('a zone with DST: the short and the long night count their real minutes when open all day', () => {
    const always = withHours({
      timeZone: 'America/New_York',
      closedOnOptionalHolidays: false,
      weekly: Object.fromEntries(
        ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, [{ start: '00:00', end: '24:00' }]]),
      ) as BusinessSchedule['weekly'],
    });
    // Sunday 8 March 2026 has 23 hours, Sunday 1 November 25.
    expect(
      businessMinutesBetween(always, at('2026-03-08T00:00', '-05:00'), at('2026-03-09T00:00', '-04:00')),
    ).toBe(23 * 60);
    expect(
      businessMinutesBetween(always, at('2026-11-01T00:00', '-04:00'), at('2026-11-02T00:00', '-05:00')),
    ).toBe(25 * 60);
    // 01:30 on 8 March does not exist: 02:00 EST jumps to 03:00 EDT; an hour after 01:30 EST is 03:30 EDT
    expect(addBusinessMinutes(always, at('2026-03-08T01:30', '-05:00'), 60)).toBe(
      at('2026-03-08T03:30', '-04:00'),
    );
  });

  it('a zone with DST: an interval on the fall-back day keeps its wall times', () => {
    const sundays = withHours({
      timeZone: 'America/New_York',
      weekly: { ...officeHours().weekly, sun: [{ start: '08:00', end: '10:00' }] },
    });
    expect(addBusinessMinutes(sundays, at('2026-11-01T00:00', '-04:00'), 60)).toBe(
      at('2026-11-01T09:00', '-05:00'),
    );
  });
});

describe('properties', () => {
  const instant = fc.integer({ min: sp('2025-01-01T00:00'), max: sp('2028-01-01T00:00') });
  const minutes = fc.integer({ min: 0, max: 5000 });

  it('businessMinutesBetween(start, addBusinessMinutes(start, n)) = n', () => {
    fc.assert(
      fc.property(instant, minutes, (start, n) => {
        const due = addBusinessMinutes(office, start, n) as number;
        expect(due).toBeGreaterThanOrEqual(start);
        expect(businessMinutesBetween(office, start, due)).toBeCloseTo(n, 6);
      }),
      { numRuns: 200 },
    );
  });

  it('business time is additive and never more than wall time', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 20 * 86_400_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, span, f) => {
          const c = a + span;
          const b = a + Math.floor(span * f);
          const whole = businessMinutesBetween(office, a, c);
          expect(whole).toBeCloseTo(
            businessMinutesBetween(office, a, b) + businessMinutesBetween(office, b, c),
            6,
          );
          expect(whole).toBeLessThanOrEqual(span / 60_000);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('businessMinutesCounter agrees with businessMinutesBetween, inside its range and out of it', () => {
    const from = sp('2026-01-01T00:00');
    const to = sp('2026-12-31T00:00');
    const zones = [office, withHours({ timeZone: 'America/New_York', state: 'SP' })];
    for (const schedule of zones) {
      const count = businessMinutesCounter(schedule, from, to);
      fc.assert(
        fc.property(
          fc.integer({ min: from - 30 * 86_400_000, max: to + 30 * 86_400_000 }),
          fc.integer({ min: 0, max: 20 * 86_400_000 }),
          (a, span) => {
            expect(count(a, a + span)).toBeCloseTo(businessMinutesBetween(schedule, a, a + span), 6);
          },
        ),
        { numRuns: 300 },
      );
    }
    expect(businessMinutesCounter(null, from, to)(from, from + 90 * 60_000)).toBe(90);
  });
});
