import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { DateField } from '../../../components/ui/date-field.tsx';
import { dayToInput, inputToDay } from '../../../lib/format.ts';
import { hasDates, type Period, periodDays } from '../lib/period.ts';

const maxDays = 366;
const invalidDay = 'Data inválida. Use dd/mm/aaaa.';

/** The days from `start` to `end` (YYYY-MM-DD), both included. */
const daysBetween = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

/** What is wrong with the typed dates, by field (the API says the same, in case). */
function problemsOf(start: string, end: string) {
  const startDay = start ? inputToDay(start) : '';
  const endDay = end ? inputToDay(end) : '';
  const problems: { start?: string; end?: string } = {};
  if (startDay === null) problems.start = invalidDay;
  if (endDay === null) problems.end = invalidDay;
  if (startDay && endDay) {
    if (startDay > endDay) problems.end = 'A data final deve ser igual ou posterior à inicial.';
    else if (daysBetween(startDay, endDay) > maxDays)
      problems.end = `O período pode ter no máximo ${maxDays} dias.`;
  }
  if (!start && !end) problems.start = 'Informe a data inicial, a final ou ambas.';
  return { startDay: startDay ?? '', endDay: endDay ?? '', problems };
}

/** 7d / 30d / 90d, or the days typed (dd/mm/aaaa); dates win over the buttons. */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (next: Period) => void }) {
  const [start, setStart] = useState(dayToInput(period.start_date));
  const [end, setEnd] = useState(dayToInput(period.end_date));
  const [submitted, setSubmitted] = useState(false);
  // The URL changed (a button, back): show its dates.
  useEffect(() => {
    setStart(dayToInput(period.start_date));
    setEnd(dayToInput(period.end_date));
    setSubmitted(false);
  }, [period.start_date, period.end_date]);
  const datesInForce = hasDates(period);
  const { startDay, endDay, problems } = problemsOf(start, end);

  function apply(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problems.start || problems.end) return;
    onChange({ ...period, start_date: startDay, end_date: endDay });
  }

  return (
    <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Período</legend>
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
          {periodDays.map((days) => {
            const active = !datesInForce && period.days === days;
            return (
              <Button
                key={days}
                size="sm"
                variant="ghost"
                aria-pressed={active}
                className={cn('px-3', active && 'bg-brand-700 text-white hover:bg-brand-800')}
                onClick={() => onChange({ days, start_date: '', end_date: '' })}
              >
                {/* the name holds the visible text (axe label-content-name-mismatch): '7d (últimos 7 dias)' */}
                {days}d<span className="sr-only"> (últimos {days} dias)</span>
              </Button>
            );
          })}
        </div>
      </fieldset>
      <form
        noValidate
        onSubmit={apply}
        className="flex flex-wrap items-start gap-3"
        aria-label="Datas do período"
      >
        <DateField
          label="Data inicial"
          className="w-36"
          value={start}
          onValueChange={setStart}
          error={submitted ? problems.start : undefined}
        />
        <DateField
          label="Data final"
          className="w-36"
          value={end}
          onValueChange={setEnd}
          error={submitted ? problems.end : undefined}
        />
        <div className="flex gap-2 pt-7">
          <Button type="submit" size="sm">
            Aplicar
          </Button>
          {datesInForce && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onChange({ ...period, start_date: '', end_date: '' })}
            >
              Limpar datas
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
