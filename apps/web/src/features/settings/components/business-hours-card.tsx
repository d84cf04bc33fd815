import {
  type BusinessHours,
  brazilianStates,
  brazilTimeZones,
  maxDaysOff,
  maxIntervalsPerDay,
  type WeekdayKey,
  weekdayKeys,
  weekdayLabels,
} from '@atende/contracts';
import { CalendarOff, Copy, Info, Plus, X } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, type FieldPath, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { LoadError } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { useBusinessHours } from '../api/get-business-hours.ts';
import { useUpdateBusinessHours } from '../api/update-business-hours.ts';
import {
  type BusinessHoursFormValues,
  businessHoursBody,
  businessHoursFormSchema,
  defaultInterval,
  formFieldOf,
  businessHoursFormMessages as messages,
  toFormValues,
} from './business-hours-form.ts';

const titleId = 'business-hours-title';
const stateOptions = brazilianStates.map((uf) => ({ value: uf, label: uf }));

/** 'sex., 25/12/2026' for a YYYY-MM-DD. */
function formatClosedDay(date: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return `${weekday}, ${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * Configurações › Horário de atendimento: the week, time zone, UF, pontos facultativos and days
 * off the SLA counts in (admins change it; agents see it). `onDirtyChange`: whether unsaved
 * changes exist (the screen asks before leaving).
 */
export function BusinessHoursCard({
  readOnly,
  onDirtyChange = () => {},
}: {
  readOnly: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const hours = useBusinessHours();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <CardTitle id={titleId}>Horário de atendimento</CardTitle>
          <CardDescription>
            O SLA conta só o tempo em que a equipe atende: fora do horário, em feriados e nas folgas, a espera
            do cliente não corre.
          </CardDescription>
        </div>
      </CardHeader>
      {hours.data ? (
        <HoursForm saved={hours.data} readOnly={readOnly} onDirtyChange={onDirtyChange} />
      ) : hours.isPending ? (
        <CardContent>
          <SkeletonList rows={4} label="Carregando horário de atendimento…" />
        </CardContent>
      ) : (
        <CardContent>
          <LoadError
            title={messages.loadFailed}
            onRetry={() => void hours.refetch()}
            retrying={hours.isFetching}
          />
        </CardContent>
      )}
    </Card>
  );
}

function HoursForm({
  saved,
  readOnly,
  onDirtyChange,
}: {
  saved: BusinessHours;
  readOnly: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const update = useUpdateBusinessHours();
  const form = useZodForm<BusinessHoursFormValues>(businessHoursFormSchema, toFormValues(saved));
  const { reset } = form;
  const { isDirty } = form.formState;
  useEffect(() => reset(toFormValues(saved), { keepDirtyValues: true }), [saved, reset]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const save = (values: BusinessHoursFormValues) =>
    update.mutate(businessHoursBody(values), {
      onSuccess: (answer) => {
        reset(toFormValues(answer));
        toast.success(messages.saved);
      },
      onError: (error) => {
        const nameOf = (field: string) =>
          formFieldOf(field) as FieldPath<BusinessHoursFormValues> | undefined;
        if (showServerFieldErrors(form, error, nameOf)) return;
        toast.error((error instanceof ApiError && error.error?.detail) || messages.saveFailed);
      },
    });

  function copyToAll(day: WeekdayKey) {
    const intervals = form.getValues(`weekly.${day}`);
    for (const other of weekdayKeys) {
      if (other === day) continue;
      form.setValue(
        `weekly.${other}`,
        intervals.map((i) => ({ ...i })),
        { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
      );
    }
    toast.success(`Horário de ${weekdayLabels[day].toLowerCase()} copiado para todos os dias.`);
  }

  const zoneOptions = brazilTimeZones.some((z) => z.value === form.watch('timeZone'))
    ? brazilTimeZones
    : [...brazilTimeZones, { value: form.watch('timeZone'), label: form.watch('timeZone') }];

  return (
    <form noValidate onSubmit={form.handleSubmit(save, () => toast.error(messages.invalidForm))}>
      <CardContent className="space-y-6">
        {!saved.configured && (
          <p
            role="note"
            className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Ainda não definido: toda hora conta para o SLA (24 horas, 7 dias, inclusive feriados). Ajuste o
              horário abaixo e salve para aplicá-lo.
            </span>
          </p>
        )}
        <fieldset className="space-y-3" disabled={readOnly}>
          <legend className="text-sm font-semibold text-slate-900">Semana</legend>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {weekdayKeys.map((day) => (
              <DayRow key={day} day={day} form={form} onCopyToAll={() => copyToAll(day)} />
            ))}
          </ul>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={readOnly}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">Fuso horário e feriados</legend>
          <SelectField
            label="Fuso horário"
            options={zoneOptions}
            hint="Vale para a contagem do SLA; o app continua mostrando o horário de Brasília."
            {...fieldProps(form, 'timeZone')}
          />
          <SelectField
            label="UF (feriados estaduais)"
            placeholder="Nenhuma (só feriados nacionais)"
            options={stateOptions}
            {...fieldProps(form, 'state')}
          />
          <Controller
            control={form.control}
            name="closedOnOptionalHolidays"
            render={({ field }) => (
              <Switch
                className="sm:col-span-2"
                label="Fechar em pontos facultativos (Carnaval, Corpus Christi)"
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={readOnly}
              />
            )}
          />
        </fieldset>
        <DaysOff form={form} readOnly={readOnly} />
        <UpcomingClosedDays saved={saved} />
      </CardContent>
      <CardFooter>
        <Button
          variant="secondary"
          disabled={!isDirty || update.isPending}
          onClick={() => reset(toFormValues(saved))}
          aria-label="Descartar alterações do horário"
        >
          Descartar alterações
        </Button>
        <Button
          type="submit"
          disabled={!isDirty || readOnly}
          pending={update.isPending}
          pendingLabel="Salvando…"
        >
          Salvar Horário
        </Button>
      </CardFooter>
    </form>
  );
}

function DayRow({
  day,
  form,
  onCopyToAll,
}: {
  day: WeekdayKey;
  form: UseFormReturn<BusinessHoursFormValues>;
  onCopyToAll: () => void;
}) {
  const intervals = useFieldArray({ control: form.control, name: `weekly.${day}` as 'weekly.mon' });
  const label = weekdayLabels[day];
  const open = intervals.fields.length > 0;
  const dayError = form.getFieldState(`weekly.${day}`, form.formState).error?.message;
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start" data-testid={`day-${day}`}>
      <div className="flex w-44 shrink-0 items-center gap-3 sm:h-10">
        <Switch
          aria-label={`${label}: aberto`}
          checked={open}
          onCheckedChange={(checked) => intervals.replace(checked ? [defaultInterval()] : [])}
        />
        <span className="text-sm font-medium text-slate-900">{label}</span>
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        {!open && <p className="text-sm text-slate-600 sm:leading-10">Fechado</p>}
        {intervals.fields.map((interval, index) => (
          <div key={interval.id} className="flex items-start gap-2">
            <TextField
              label={`${label}, intervalo ${index + 1}: início`}
              hideLabel
              placeholder="08:00"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              className="w-24"
              {...fieldProps(form, `weekly.${day}.${index}.start` as 'weekly.mon.0.start')}
            />
            <span className="pt-2 text-sm text-slate-600" aria-hidden="true">
              às
            </span>
            <TextField
              label={`${label}, intervalo ${index + 1}: fim`}
              hideLabel
              placeholder="18:00"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              className="w-24"
              {...fieldProps(form, `weekly.${day}.${index}.end` as 'weekly.mon.0.end')}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remover intervalo ${index + 1} de ${label.toLowerCase()}`}
              onClick={() => intervals.remove(index)}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        {dayError && <p className="text-sm text-red-700">{dayError}</p>}
      </div>
      <div className="flex flex-wrap gap-1 sm:flex-col sm:items-end">
        <Button
          variant="ghost"
          size="sm"
          disabled={intervals.fields.length >= maxIntervalsPerDay}
          aria-label={`Adicionar intervalo em ${label.toLowerCase()}`}
          onClick={() => {
            const last = intervals.fields[intervals.fields.length - 1];
            intervals.append(
              last ? { start: last.end === '24:00' ? '23:00' : last.end, end: '24:00' } : defaultInterval(),
            );
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          Adicionar intervalo
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copiar o horário de ${label.toLowerCase()} para todos os dias`}
          onClick={onCopyToAll}
        >
          <Copy className="size-4" aria-hidden="true" />
          Copiar para todos os dias
        </Button>
      </div>
    </li>
  );
}

function DaysOff({ form, readOnly }: { form: UseFormReturn<BusinessHoursFormValues>; readOnly: boolean }) {
  const days = useFieldArray({ control: form.control, name: 'daysOff' });
  const listError = form.getFieldState('daysOff', form.formState).error?.message;
  return (
    <fieldset className="space-y-3" disabled={readOnly}>
      <legend className="text-sm font-semibold text-slate-900">Folgas da empresa</legend>
      <p className="text-sm text-slate-600">
        Dias em que a equipe não atende além dos feriados (recesso, inventário, feriado municipal).
      </p>
      {days.fields.length === 0 && <p className="text-sm text-slate-600">Nenhuma folga cadastrada.</p>}
      <ul className="space-y-2">
        {days.fields.map((day, index) => (
          <li key={day.id} className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
            <Controller
              control={form.control}
              name={`daysOff.${index}.date`}
              render={({ field, fieldState }) => (
                <DateField
                  label={`Folga ${index + 1}: data`}
                  hideLabel
                  className="w-36"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onValueChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextField
              label={`Folga ${index + 1}: nome`}
              hideLabel
              placeholder="Ex.: Aniversário da cidade"
              maxLength={100}
              className="min-w-[12rem] flex-1"
              {...fieldProps(form, `daysOff.${index}.name`)}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remover folga ${index + 1}`}
              onClick={() => days.remove(index)}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <Button
        variant="secondary"
        size="sm"
        disabled={days.fields.length >= maxDaysOff}
        onClick={() => days.append({ date: '', name: '' }, { shouldFocus: true })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Adicionar folga
      </Button>
    </fieldset>
  );
}

/** The saved schedule's next closed days (not what is being typed). */
function UpcomingClosedDays({ saved }: { saved: BusinessHours }) {
  return (
    <section aria-labelledby="upcoming-closed-days" className="rounded-md bg-slate-50 p-3">
      <h3 id="upcoming-closed-days" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <CalendarOff className="size-4 text-slate-600" aria-hidden="true" />
        Próximos feriados e folgas
      </h3>
      {saved.upcoming_closed_days.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {saved.configured ? 'Nenhum dia fechado à vista.' : 'Sem horário definido: nenhum dia fecha o SLA.'}
        </p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm" data-testid="upcoming-closed-days">
          {saved.upcoming_closed_days.map((day) => (
            <li key={day.date} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900 tabular-nums">{formatClosedDay(day.date)}</span>
              <span className="text-slate-700">{day.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
