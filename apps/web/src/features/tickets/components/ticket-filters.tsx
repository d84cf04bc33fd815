import { sentiments, solvedStatuses } from '@atende/contracts/analysis-labels';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { emptyValues, writeListParams } from '../../../components/list/list-params.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { sentimentLabels, solvedStatusLabels } from '../../../lib/analysis-display.ts';
import { dayToInput, inputToDay } from '../../../lib/format.ts';
import { fieldProps, useZodForm } from '../../../lib/forms.ts';
import { useRememberedToggle } from '../../../lib/remembered-toggle.ts';
import {
  type TicketFilters as Filters,
  type TicketListState,
  ticketListUrlSchema,
  ticketSourceLabels,
  toDateInputValue,
} from '../../../lib/ticket-list-url.ts';

// The choices are the contract's enums, labelled by its label maps: the API's own vocabulary.
/** The filter's order: from good to bad, then mixed (every sentiment needs a place to compile). */
const sentimentRank: Record<(typeof sentiments)[number], number> = {
  positive: 0,
  neutral: 1,
  negative: 2,
  mixed: 3,
};
const sentimentOptions = [...sentiments]
  .sort((a, b) => sentimentRank[a] - sentimentRank[b])
  .map((value) => ({ value, label: sentimentLabels[value] }));
const statusOptions = solvedStatuses.map((value) => ({ value, label: solvedStatusLabels[value] }));
const sourceOptions = Object.entries(ticketSourceLabels).map(([value, label]) => ({ value, label }));
const sources = Object.keys(ticketSourceLabels) as (keyof typeof ticketSourceLabels)[];
const flagOptions = [
  ['requires_escalation', 'Requer escalonamento'],
  ['contains_red_flags', 'Contém sinais de alerta'],
  ['requires_attention', 'Requer atenção'],
  ['analyzed', 'Apenas analisados'],
] as const;
const dateOptions = [
  ['start_date', 'De'],
  ['end_date', 'Até'],
] as const;

/** A date filter as the field shows it: the São Paulo day of the URL's day or date-time, dd/mm/aaaa. */
const dateText = (value: string) => dayToInput(toDateInputValue(value));
const dayText = z.string().refine((text) => text.trim() === '' || inputToDay(text) !== null, {
  message: 'Data inválida. Use dd/mm/aaaa.',
});

/** The filters being edited: the URL's names, the dates as typed (dd/mm/aaaa). */
const draftSchema = z
  .object({
    q: z.string(),
    start_date: dayText,
    end_date: dayText,
    sentiment: z.enum(['', ...sentiments] as const),
    solved_status: z.enum(['', ...solvedStatuses] as const),
    requires_escalation: z.boolean(),
    contains_red_flags: z.boolean(),
    requires_attention: z.boolean(),
    analyzed: z.boolean(),
    csat_lt: z.string(),
    csat_gte: z.string(),
    red_flag_term: z.string(),
    source: z.enum(['', ...sources]),
  })
  // The API refuses a range that ends before it starts; say so here, by the field.
  .refine(
    ({ start_date, end_date }) => {
      const [start, end] = [inputToDay(start_date), inputToDay(end_date)];
      return !(start && end && start > end);
    },
    { path: ['end_date'], message: 'A data final deve ser igual ou posterior à inicial.' },
  ) satisfies z.ZodType<Filters>;

const draftOf = (values: Filters): Filters => ({
  ...values,
  start_date: dateText(values.start_date),
  end_date: dateText(values.end_date),
});
const noFilters = emptyValues(ticketListUrlSchema);

/** The typed day, or the URL's value untouched while the text still shows it (a dashboard link's exact instant). */
const dayOf = (text: string, current: string) =>
  text === dateText(current) ? current : (inputToDay(text) ?? '');

/** The list's filters: edited here, applied (and written to the URL) with 'Aplicar'. */
export function TicketFilters({ list }: { list: TicketListState }) {
  const { values } = list;
  const form = useZodForm<Filters>(draftSchema, draftOf(values));
  // Folded by default, so the list is what the screen shows first; the choice is remembered.
  const [open, setOpen] = useRememberedToggle('atende.tickets.filters', false);
  // The URL's filters changed elsewhere (back button, a dashboard link): show what is in force.
  // Paging or sorting keeps what is being edited.
  const applied = writeListParams(ticketListUrlSchema, { values }).toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the applied filters change
  useEffect(() => form.reset(draftOf(values)), [applied]);

  function apply(draft: Filters) {
    list.replaceValues({
      ...draft,
      start_date: dayOf(draft.start_date, values.start_date),
      end_date: dayOf(draft.end_date, values.end_date),
    });
  }

  return (
    <Card aria-labelledby="ticket-filters-title">
      <CardHeader className={open ? '' : 'pb-4'}>
        <CardTitle id="ticket-filters-title">
          Filtros
          {list.active > 0 && (
            <span className="ml-2 text-sm font-normal text-slate-600">
              ({list.active} {list.active === 1 ? 'ativo' : 'ativos'})
            </span>
          )}
        </CardTitle>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls="ticket-filters-form"
          onClick={() => setOpen(!open)}
        >
          {open ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )}
          {open ? 'Ocultar filtros' : 'Mostrar filtros'}
        </Button>
      </CardHeader>
      <CardContent hidden={!open}>
        <form
          id="ticket-filters-form"
          onSubmit={form.handleSubmit(apply)}
          noValidate
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          aria-labelledby="ticket-filters-title"
        >
          <TextField
            className="sm:col-span-2"
            label="Buscar"
            type="search"
            placeholder="Título, conteúdo ou cliente"
            {...fieldProps(form, 'q')}
          />
          {dateOptions.map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <DateField
                  label={label}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <SelectField
            label="Sentimento"
            placeholder="Todos"
            options={sentimentOptions}
            {...form.register('sentiment')}
          />
          <SelectField
            label="Status"
            placeholder="Todos"
            options={statusOptions}
            {...form.register('solved_status')}
          />
          <SelectField
            label="Origem"
            placeholder="Todos"
            options={sourceOptions}
            {...form.register('source')}
          />
          <TextField
            label="CSAT maior ou igual a"
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step="any"
            {...fieldProps(form, 'csat_gte')}
          />
          <TextField
            label="CSAT menor que"
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step="any"
            {...fieldProps(form, 'csat_lt')}
          />
          <TextField
            label="Termo de alerta"
            placeholder="Ex.: procon"
            {...fieldProps(form, 'red_flag_term')}
          />
          <div className="flex flex-col justify-end gap-2 pb-1">
            {flagOptions.map(([name, label]) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Checkbox
                    label={label}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
            ))}
          </div>
          <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:justify-end">
            <Button type="submit">Aplicar</Button>
            <Button
              variant="secondary"
              onClick={() => {
                form.reset(noFilters);
                list.clear();
              }}
            >
              Limpar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
