/**
 * Dates as every screen shows them: pt-BR, in America/Sao_Paulo, whatever the browser's own zone.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, timeStyle: 'short' });

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What unreadable dates show instead. */
export const NO_DATE = '—';

/** '05/03/2026' */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : NO_DATE;
}

/** A São Paulo calendar day '2026-03-05' → '05/03/2026' (taken at its noon, whatever the zone). */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00-03:00`);
}

/** '05/03/2026, 14:30' (short date and time). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : NO_DATE;
}

/** '14:30' */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : NO_DATE;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Under 1 minute 'agora mesmo'; under 60 minutes 'N min atrás'; under 24 hours 'Nh atrás'; under 7
 * days 'Nd atrás'; otherwise the pt-BR date. A moment slightly in the future (clock skew) counts as
 * now; further ahead it shows the date.
 */
export function formatRelativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return NO_DATE;
  const elapsed = reference.getTime() - date.getTime();
  if (elapsed < -MINUTE) return formatDate(date);
  if (elapsed < MINUTE) return 'agora mesmo';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min atrás`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h atrás`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d atrás`;
  return formatDate(date);
}

const wholeNumber = new Intl.NumberFormat('pt-BR');

/** A list's total: '1.234', or 'mais de 10.000' when the server only counted that far. */
export function formatTotal(total: number, isEstimate = false): string {
  return isEstimate ? `mais de ${wholeNumber.format(total)}` : wholeNumber.format(total);
}

/** '2025-06-02' → '02/06/2025' (what a date field shows); anything else → ''. */
export function dayToInput(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** '02/06/2025' as typed → '2025-06-02', or null when it is not a real day. */
export function inputToDay(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const day = `${yyyy}-${mm}-${dd}`;
  return date.toISOString().slice(0, 10) === day ? day : null;
}

/**
 * A duration given in seconds, as a waiting time reads: '12 min', '1 h 05 min', '< 1 min';
 * null, negative or not a number → '—'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return NO_DATE;
  if (seconds < 60) return '< 1 min';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${wholeNumber.format(hours)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
