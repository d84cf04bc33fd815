import { formatDateTime } from '../../../lib/format.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/**
 * How long ago, as people say it in pt-BR: 'agora mesmo', 'há 2 min', 'há 3 h', 'há 2 dias';
 * a week or more ago (or a clock ahead by over a minute), the date and time in São Paulo.
 */
export function timeAgo(value: string, now: number = Date.now()): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '—';
  const elapsed = now - time;
  if (elapsed < -minuteMs || elapsed >= 7 * dayMs) return formatDateTime(value);
  if (elapsed < minuteMs) return 'agora mesmo';
  if (elapsed < hourMs) return `há ${Math.floor(elapsed / minuteMs)} min`;
  if (elapsed < dayMs) return `há ${Math.floor(elapsed / hourMs)} h`;
  const days = Math.floor(elapsed / dayMs);
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}
