import { getHolidays, type StateCode } from '@brazilian-utils/brazilian-utils/get-holidays';

/**
 * Business-time arithmetic for the SLA (issue 31): pure functions, no I/O, `now` never read.
 *
 * A schedule is a tenant's week in its own time zone — per weekday zero or more open intervals
 * (`HH:MM`–`HH:MM`, `24:00` allowed as an end) — minus the days it is closed: Brazil's national
 * holidays (Sexta-feira Santa included), the state's holidays when a UF is set, the pontos
 * facultativos (Carnaval's Monday and Tuesday, Corpus Christi) unless switched off, and the
 * tenant's own days off. `null` stands for no schedule at all: every minute counts (24×7 with no
 * holidays), which is what a tenant has until it sets its hours.
 *
 * Instants are epoch milliseconds. Wall times are resolved in the schedule's zone with `Intl`, so
 * a zone with daylight saving time counts the real minutes of its short and long days.
 */

export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

export interface BusinessInterval {
  /** `HH:MM`, 00:00–23:59. */
  start: string;
  /** `HH:MM` after `start`, up to `24:00`. */
  end: string;
}

export interface DayOff {
  /** `YYYY-MM-DD` in the schedule's zone. */
  date: string;
  name: string;
}

export interface BusinessSchedule {
  /** IANA zone, e.g. `America/Sao_Paulo`. */
  timeZone: string;
  /** UF whose state holidays close the team too; null: national holidays only. */
  state: StateCode | null;
  /** Closed on pontos facultativos (Carnaval, Corpus Christi). */
  closedOnOptionalHolidays: boolean;
  weekly: Record<Weekday, BusinessInterval[]>;
  daysOff: DayOff[];
}

export interface ClosedDay {
  date: string;
  name: string;
}

const minuteMs = 60_000;
const dayMs = 86_400_000;
/** How far a search for open time goes before it gives up (a week with no open interval). */
const maxSearchDays = 3 * 366;

/** A Monday-to-Friday 08:00–18:00 week in São Paulo: a starting point for the settings form. */
export function officeHours(): BusinessSchedule {
  const day = [{ start: '08:00', end: '18:00' }];
  return {
    timeZone: 'America/Sao_Paulo',
    state: null,
    closedOnOptionalHolidays: true,
    weekly: { sun: [], mon: day, tue: day, wed: day, thu: day, fri: day, sat: [] },
    daysOff: [],
  };
}

// ---- time zones -------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: (parts.hour as number) % 24,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

/** The zone's offset from UTC at `instant`, in ms (São Paulo: −3 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall time names in `timeZone`. A wall time skipped by a DST jump resolves to the
 * instant after the jump; one repeated by a fall back resolves to its first occurrence.
 */
function instantOf(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + minutes * minuteMs;
  const before = offsetAt(asUtc - dayMs / 2, timeZone);
  const after = offsetAt(asUtc + dayMs / 2, timeZone);
  if (before === after) return asUtc - before;
  // A transition near this wall time: try the earlier offset first, then the later one.
  const first = asUtc - before;
  if (offsetAt(first, timeZone) === before) return first;
  const second = asUtc - after;
  if (offsetAt(second, timeZone) === after) return second;
  return first; // inside a gap: the first offset lands after the jump
}

function localDate(instant: number, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return isoDate(w.year, w.month, w.day);
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function nextDate(date: string, days = 1): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d) + days * dayMs);
  return isoDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] as Weekday;
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

// ---- holidays ---------------------------------------------------------------------------------

const holidayCache = new Map<string, Map<string, string>>();
/** The years `getHolidays` knows; outside them nothing closes (and nothing is cached per year). */
const holidayYears = { first: 1900, last: 2099 } as const;
const noHolidays: ReadonlyMap<string, string> = new Map();

/**
 * The holidays that close a team in `year`: national ones and Sexta-feira Santa, the state's
 * when a UF is given, and the pontos facultativos (Carnaval's Monday and Tuesday, Corpus Christi)
 * when `withOptional`. The library answers local-midnight Dates: each becomes `YYYY-MM-DD` at once.
 */
export function holidaysOf(
  year: number,
  state: StateCode | null,
  withOptional: boolean,
): ReadonlyMap<string, string> {
  // A report may ask for any year: the cache holds only the calendar's, so it stays bounded.
  if (year < holidayYears.first || year > holidayYears.last) return noHolidays;
  const key = `${year}|${state ?? ''}|${withOptional}`;
  const cached = holidayCache.get(key);
  if (cached) return cached;
  const closed = new Map<string, string>();
  const list = state ? getHolidays({ year, stateCode: state }) : getHolidays(year);
  for (const holiday of list) {
    if (holiday.type === 'religious') continue; // Páscoa: a Sunday, not a day off of its own
    if (holiday.type === 'optional' && !withOptional) continue;
    const date = isoDate(holiday.date.getFullYear(), holiday.date.getMonth() + 1, holiday.date.getDate());
    if (holiday.type === 'optional' && holiday.name.startsWith('Carnaval')) {
      // The federal calendar makes both days of Carnaval pontos facultativos; the library lists Tuesday.
      const monday = nextDate(date, -1);
      if (!closed.has(monday)) closed.set(monday, 'Carnaval (segunda-feira)');
    }
    if (!closed.has(date)) closed.set(date, holiday.name);
  }
  holidayCache.set(key, closed);
  return closed;
}

/** Why the team is closed on `date` (a holiday or a day off), or null when it is a normal day. */
export function closedReason(schedule: BusinessSchedule, date: string): string | null {
  const dayOff = schedule.daysOff.find((d) => d.date === date);
  if (dayOff) return dayOff.name;
  const year = Number(date.slice(0, 4));
  return holidaysOf(year, schedule.state, schedule.closedOnOptionalHolidays).get(date) ?? null;
}

/** The next `count` closed days (holidays and days off) on or after `from`'s date in the zone. */
export function upcomingClosedDays(schedule: BusinessSchedule, from: number, count: number): ClosedDay[] {
  const days: ClosedDay[] = [];
  let date = localDate(from, schedule.timeZone);
  for (let i = 0; i < 2 * 366 && days.length < count; i++, date = nextDate(date)) {
    const name = closedReason(schedule, date);
    if (name) days.push({ date, name });
  }
  return days;
}

// ---- open intervals ---------------------------------------------------------------------------

/**
 * Each schedule's open intervals by date, computed once (a report measures many waits against one
 * schedule; the zone's arithmetic is the costly part). Held weakly: it goes with its schedule.
 */
const intervalCache = new WeakMap<BusinessSchedule, Map<string, Array<[number, number]>>>();

/** The open intervals of a local date as instants `[start, end)`, sorted and merged. */
function openIntervals(schedule: BusinessSchedule, date: string): Array<[number, number]> {
  let byDate = intervalCache.get(schedule);
  if (!byDate) {
    byDate = new Map();
    intervalCache.set(schedule, byDate);
  }
  let intervals = byDate.get(date);
  if (!intervals) {
    intervals = computeOpenIntervals(schedule, date);
    byDate.set(date, intervals);
  }
  return intervals;
}

function computeOpenIntervals(schedule: BusinessSchedule, date: string): Array<[number, number]> {
  if (closedReason(schedule, date) !== null) return [];
  const spans = schedule.weekly[weekdayOf(date)]
    .map((i) => [minutesOf(i.start), minutesOf(i.end)] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  const tomorrow = nextDate(date);
  return merged.map(([s, e]) => [
    instantOf(date, s, schedule.timeZone),
    e >= 24 * 60 ? instantOf(tomorrow, 0, schedule.timeZone) : instantOf(date, e, schedule.timeZone),
  ]);
}

function hasOpenWeekday(schedule: BusinessSchedule): boolean {
  return weekdays.some((d) => schedule.weekly[d].some((i) => minutesOf(i.end) > minutesOf(i.start)));
}

/**
 * Open business minutes between two instants (fractional; 0 when `end` ≤ `start`). A null
 * schedule counts every minute.
 */
export function businessMinutesBetween(
  schedule: BusinessSchedule | null,
  start: number,
  end: number,
): number {
  if (end <= start) return 0;
  if (!schedule) return (end - start) / minuteMs;
  let total = 0;
  // Start a day early: an interval ending at 24:00 (or a zone shift) may cover `start`.
  let date = nextDate(localDate(start, schedule.timeZone), -1);
  const lastDate = localDate(end, schedule.timeZone);
  for (; date <= lastDate; date = nextDate(date)) {
    for (const [s, e] of openIntervals(schedule, date)) {
      const from = Math.max(s, start);
      const to = Math.min(e, end);
      if (to > from) total += to - from;
    }
  }
  return total / minuteMs;
}

/**
 * `businessMinutesBetween` for many pairs of instants of one schedule (a report over a year of
 * waits): the open intervals of the days of `[from, to]` are laid out once with the open time
 * before each, and each instant is then a binary search — no time-zone arithmetic per pair.
 * A pair with an instant outside the range is counted by `businessMinutesBetween`.
 */
export function businessMinutesCounter(
  schedule: BusinessSchedule | null,
  from: number,
  to: number,
): (start: number, end: number) => number {
  if (!schedule) return (start, end) => businessMinutesBetween(null, start, end);
  const starts: number[] = [];
  const ends: number[] = [];
  const openBefore: number[] = [];
  let total = 0;
  const lastDate = localDate(to, schedule.timeZone);
  for (let date = nextDate(localDate(from, schedule.timeZone), -1); date <= lastDate; date = nextDate(date)) {
    for (const [s, e] of openIntervals(schedule, date)) {
      const start = Math.max(s, ends[ends.length - 1] ?? s); // a zone shift may make days touch
      if (e <= start) continue;
      starts.push(start);
      ends.push(e);
      openBefore.push(total);
      total += e - start;
    }
  }
  const rangeStart = starts[0] ?? from;
  const rangeEnd = ends[ends.length - 1] ?? to;
  /** Open ms from the first interval's start up to `t`. */
  const openUpTo = (t: number) => {
    let low = 0;
    let high = starts.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if ((starts[mid] as number) <= t) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (found < 0) return 0;
    return (openBefore[found] as number) + Math.min(t, ends[found] as number) - (starts[found] as number);
  };
  const inRange = (t: number) => t >= Math.min(from, rangeStart) && t <= Math.max(to, rangeEnd);
  return (start, end) => {
    if (end <= start) return 0;
    if (!inRange(start) || !inRange(end) || starts.length === 0) {
      return businessMinutesBetween(schedule, start, end);
    }
    return (openUpTo(end) - openUpTo(start)) / minuteMs;
  };
}

/**
 * The instant `minutes` open business minutes after `start`: out of hours, counting starts at the
 * next opening (so 0 minutes gives that opening). Null when the schedule never opens (no weekday
 * with hours, or no open day within three years). A null schedule adds wall-clock minutes.
 */
export function addBusinessMinutes(
  schedule: BusinessSchedule | null,
  start: number,
  minutes: number,
): number | null {
  if (!schedule) return start + Math.max(0, minutes) * minuteMs;
  if (!hasOpenWeekday(schedule)) return null;
  let remaining = Math.max(0, minutes) * minuteMs;
  let date = nextDate(localDate(start, schedule.timeZone), -1);
  for (let i = 0; i < maxSearchDays; i++, date = nextDate(date)) {
    for (const [s, e] of openIntervals(schedule, date)) {
      if (e <= start) continue;
      const from = Math.max(s, start);
      if (from + remaining <= e) return from + remaining;
      remaining -= e - from;
    }
  }
  return null;
}

/** A schedule from its stored shape (business_hours row, JSON columns as read); null stays null (24×7). */
export function toSchedule(
  row: {
    timeZone: string;
    state: string | null;
    closedOnOptionalHolidays: boolean;
    weekly: unknown;
    daysOff: unknown;
  } | null,
): BusinessSchedule | null {
  if (!row) return null;
  const stored = (row.weekly ?? {}) as Partial<Record<Weekday, BusinessInterval[]>>;
  const weekly = Object.fromEntries(weekdays.map((d) => [d, stored[d] ?? []])) as Record<
    Weekday,
    BusinessInterval[]
  >;
  return {
    timeZone: row.timeZone,
    state: (row.state as StateCode | null) ?? null,
    closedOnOptionalHolidays: row.closedOnOptionalHolidays,
    weekly,
    daysOff: (row.daysOff ?? []) as DayOff[],
  };
}
