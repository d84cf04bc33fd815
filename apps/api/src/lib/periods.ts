import { AppError } from './errors.ts';

// São Paulo has kept UTC-3 all year since 2019 (no daylight saving), so a day there is fixed.
const saoPauloOffset = '-03:00';
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The period of the filters: a bare day means that whole day in São Paulo. */
export function dateRange(start?: string, end?: string) {
  const from = start
    ? new Date(dayPattern.test(start) ? `${start}T00:00:00${saoPauloOffset}` : start)
    : undefined;
  let to: { at: Date; exclusive: boolean } | undefined;
  if (end) {
    if (dayPattern.test(end)) {
      const dayStart = new Date(`${end}T00:00:00${saoPauloOffset}`);
      to = { at: new Date(dayStart.getTime() + 24 * 60 * 60 * 1000), exclusive: true };
    } else to = { at: new Date(end), exclusive: false };
  }
  if (from && to && from >= to.at) {
    throw new AppError('validation_error', 'A data inicial deve ser anterior à data final.', [
      { field: 'querystring.start_date', message: 'A data inicial deve ser anterior à data final.' },
    ]);
  }
  return { from, to };
}

const dayMs = 24 * 60 * 60 * 1000;
const offsetMs = 3 * 60 * 60 * 1000;

/** The São Paulo day (YYYY-MM-DD) an instant falls on. */
export const saoPauloDay = (at: Date) => new Date(at.getTime() - offsetMs).toISOString().slice(0, 10);

/** The start of the São Paulo day `daysBefore` days before the one `at` falls on. */
export function saoPauloDayStart(at: Date, daysBefore = 0): Date {
  const day = Math.floor((at.getTime() - offsetMs) / dayMs) - daysBefore;
  return new Date(day * dayMs + offsetMs);
}

/** Every São Paulo day from the one `from` falls on to the one `to` falls on, oldest first. */
export function saoPauloDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let at = saoPauloDayStart(from); at <= to; at = new Date(at.getTime() + dayMs)) {
    days.push(saoPauloDay(at));
  }
  return days;
}
