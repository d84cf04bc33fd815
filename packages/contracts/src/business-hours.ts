import { z } from 'zod';
import { requiredText, timestamp } from './common.ts';

/** The week as the settings form shows it, Monday first (the stored keys are the same). */
export const weekdayKeys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof weekdayKeys)[number];
export const weekdayLabels: Record<WeekdayKey, string> = {
  mon: 'Segunda-feira',
  tue: 'Terça-feira',
  wed: 'Quarta-feira',
  thu: 'Quinta-feira',
  fri: 'Sexta-feira',
  sat: 'Sábado',
  sun: 'Domingo',
};

/** The 27 UFs whose state holidays may close a team. */
export const brazilianStates = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type BrazilianState = (typeof brazilianStates)[number];

/** Brazil's zones, for the form's select (the API takes any IANA zone). */
export const brazilTimeZones = [
  { value: 'America/Sao_Paulo', label: 'Brasília (SP, RJ, MG, Sul, GO, DF, BA, Nordeste…) — UTC−3' },
  { value: 'America/Manaus', label: 'Amazonas (Manaus) — UTC−4' },
  { value: 'America/Cuiaba', label: 'Mato Grosso (Cuiabá) — UTC−4' },
  { value: 'America/Campo_Grande', label: 'Mato Grosso do Sul (Campo Grande) — UTC−4' },
  { value: 'America/Porto_Velho', label: 'Rondônia (Porto Velho) — UTC−4' },
  { value: 'America/Boa_Vista', label: 'Roraima (Boa Vista) — UTC−4' },
  { value: 'America/Rio_Branco', label: 'Acre (Rio Branco) — UTC−5' },
  { value: 'America/Noronha', label: 'Fernando de Noronha — UTC−2' },
] as const;

export const defaultTimeZone = 'America/Sao_Paulo';
/** Bounds of the schedule: intervals per day, days off, a day off's name. */
export const maxIntervalsPerDay = 6;
export const maxDaysOff = 366;
export const dayOffNameMaxLength = 100;
/** How many coming holidays and days off the answer lists. */
export const upcomingClosedDaysCount = 5;

/** The pt-BR messages of the business-hours form, shared by the API and the web app. */
export const businessHoursMessages = {
  time: 'Use o formato HH:MM (00:00 a 23:59).',
  endTime: 'Use o formato HH:MM (00:01 a 24:00).',
  order: 'O fim deve ser depois do início.',
  overlap: 'Este intervalo começa antes do fim do anterior.',
  tooManyIntervals: `Use no máximo ${maxIntervalsPerDay} intervalos por dia.`,
  timeZone: 'Fuso horário inválido.',
  state: 'UF inválida.',
  date: 'Use uma data válida (AAAA-MM-DD).',
  dayOffName: 'Dê um nome à folga.',
  duplicateDate: 'Esta data já está na lista.',
  tooManyDaysOff: `Use no máximo ${maxDaysOff} folgas.`,
  weekly: 'Informe os intervalos de cada dia da semana (nenhum: fechado).',
} as const;
const m = businessHoursMessages;

/** Minutes since midnight of `HH:MM` (`24:00` is 1440). */
export const minutesOfTime = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const startPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const endPattern = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const startTime = z.string({ message: m.time }).regex(startPattern, m.time);
const endTime = z.string({ message: m.endTime }).regex(endPattern, m.endTime);

/** Both times are valid (their own checks say what is wrong otherwise). */
const wellFormed = (x: { start: unknown; end: unknown }) =>
  typeof x.start === 'string' &&
  typeof x.end === 'string' &&
  startPattern.test(x.start) &&
  endPattern.test(x.end);

export const businessIntervalSchema = z
  .object({ start: startTime, end: endTime })
  .refine((i) => !wellFormed(i) || minutesOfTime(i.end) > minutesOfTime(i.start), {
    message: m.order,
    path: ['end'],
  });
export type BusinessIntervalInput = z.infer<typeof businessIntervalSchema>;

/** A day's intervals: none is a closed day; in order, none overlapping the one before. */
const daySchema = z
  .array(businessIntervalSchema, { message: m.weekly })
  .max(maxIntervalsPerDay, m.tooManyIntervals)
  .superRefine((intervals, ctx) => {
    intervals.forEach((interval, i) => {
      const before = intervals[i - 1];
      if (!before) return;
      if (
        wellFormed(before) &&
        wellFormed(interval) &&
        minutesOfTime(interval.start) < minutesOfTime(before.end)
      ) {
        ctx.addIssue({ code: 'custom', message: m.overlap, path: [i, 'start'] });
      }
    });
  })
  .describe('Open intervals in order, none overlapping (touching is fine); [] closes the day');

export const weeklyScheduleSchema = z.object(
  Object.fromEntries(weekdayKeys.map((d) => [d, daySchema])) as Record<WeekdayKey, typeof daySchema>,
  { message: m.weekly },
);
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, mo, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2099 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The zone as the runtime names it (canonical), or null when it knows no such zone. */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.trim() === '' || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const dayOffSchema = z.object({
  date: z.string({ message: m.date }).refine(isCalendarDate, m.date).describe('YYYY-MM-DD'),
  name: requiredText(dayOffNameMaxLength, m.dayOffName),
});

const timeZoneSchema = z
  .string({ message: m.timeZone })
  .refine((v) => canonicalTimeZone(v) !== null, m.timeZone)
  .transform((v) => canonicalTimeZone(v) as string)
  .describe('IANA time zone the hours are in (SLA arithmetic only; the app shows São Paulo time)');

/**
 * PUT /tenants/settings/business-hours: the whole schedule (it replaces the stored one). Open
 * deadlines are recomputed in business time by the SLA monitor's next check.
 */
export const updateBusinessHoursSchema = z.object({
  time_zone: timeZoneSchema.default(defaultTimeZone),
  state: z
    .enum(brazilianStates, { message: m.state })
    .nullable()
    .default(null)
    .describe('UF whose state holidays close the team too; null: national holidays only'),
  closed_on_optional_holidays: z
    .boolean()
    .default(true)
    .describe('Closed on pontos facultativos (Carnaval, Corpus Christi)'),
  weekly: weeklyScheduleSchema,
  days_off: z
    .array(dayOffSchema)
    .max(maxDaysOff, m.tooManyDaysOff)
    .superRefine((days, ctx) => {
      const seen = new Set<string>();
      days.forEach((day, i) => {
        if (seen.has(day.date)) ctx.addIssue({ code: 'custom', message: m.duplicateDate, path: [i, 'date'] });
        seen.add(day.date);
      });
    })
    .default([])
    .describe("The organisation's own closed days"),
});
export type UpdateBusinessHours = z.input<typeof updateBusinessHoursSchema>;

export const businessHoursSchema = z.object({
  /**
   * False until the organisation saves its hours: every minute counts then (24×7, no holidays),
   * and the answer shows every day 00:00–24:00, no closed days.
   */
  configured: z.boolean(),
  time_zone: z.string(),
  state: z.enum(brazilianStates).nullable(),
  closed_on_optional_holidays: z.boolean(),
  weekly: z.object(
    Object.fromEntries(
      weekdayKeys.map((d) => [d, z.array(z.object({ start: z.string(), end: z.string() }))]),
    ) as Record<WeekdayKey, z.ZodArray<z.ZodObject<{ start: z.ZodString; end: z.ZodString }>>>,
  ),
  days_off: z.array(z.object({ date: z.string(), name: z.string() })),
  /** The next closed days from today (holidays and days off), in the schedule's zone; [] when not configured. */
  upcoming_closed_days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), name: z.string() })),
  updated_at: timestamp.nullable(),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;
