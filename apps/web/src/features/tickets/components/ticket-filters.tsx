import { ChevronDown, ChevronUp } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { sentimentLabels, solvedStatusLabels } from '../../../lib/analysis-display.ts';
import { dayToInput, inputToDay } from '../../../lib/format.ts';
import { useRememberedToggle } from '../../../lib/remembered-toggle.ts';
import {
  activeFilterCount,
  emptyFilters,
  type TicketFilters as Filters,
  filterSentiments,
  filterSolvedStatuses,
  toDateInputValue,
} from '../lib/filters.ts';

const sentimentOptions = filterSentiments.map((value) => ({ value, label: sentimentLabels[value] ?? value }));
const statusOptions = filterSolvedStatuses.map((value) => ({
  value,
  label: solvedStatusLabels[value] ?? value,
}));

interface TicketFiltersProps {
  /** The filters in force (from the URL). */
  value: Filters;
  onApply: (filters: Filters) => void;
}

/** A date filter as the field shows it: the São Paulo day of the URL's day or date-time, dd/mm/aaaa. */
const dateText = (value: string) => dayToInput(toDateInputValue(value));
const invalidDay = 'Data inválida. Use dd/mm/aaaa.';

/** The typed text's day, or the URL's value untouched when the text still shows it (a dashboard link's exact instant). */
function dayOf(text: string, current: string): string | null {
  if (text.trim() === '') return '';
  if (text === dateText(current)) return current;
  return inputToDay(text);
}

/** The list's filters: edited here, applied (and written to the URL) with 'Aplicar'. */
export function TicketFilters({ value, onApply }: TicketFiltersProps) {
  const [draft, setDraft] = useState(value);
  const [startText, setStartText] = useState(dateText(value.start_date));
  const [endText, setEndText] = useState(dateText(value.end_date));
  const [submitted, setSubmitted] = useState(false);
  // Folded by default, so the list is what the screen shows first; the choice is remembered.
  const [open, setOpen] = useRememberedToggle('atende.tickets.filters', false);
  // The URL changed elsewhere (back button, a dashboard link): show what is in force.
  useEffect(() => {
    setDraft(value);
    setStartText(dateText(value.start_date));
    setEndText(dateText(value.end_date));
    setSubmitted(false);
  }, [value]);
  const active = activeFilterCount(value);

  const set = <K extends keyof Filters>(key: K, next: Filters[K]) => setDraft((d) => ({ ...d, [key]: next }));

  const startDay = dayOf(startText, value.start_date);
  const endDay = dayOf(endText, value.end_date);
  // The API refuses a range that ends before it starts; say so here, by the field.
  const rangeError =
    startDay && endDay && toDateInputValue(startDay) > toDateInputValue(endDay)
      ? 'A data final deve ser igual ou posterior à inicial.'
      : undefined;
  const startError = startDay === null ? invalidDay : undefined;
  const endError = endDay === null ? invalidDay : rangeError;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (startDay === null || endDay === null || rangeError) return;
    onApply({ ...draft, start_date: startDay, end_date: endDay });
  }

  return (
    <Card aria-labelledby="ticket-filters-title">
      <CardHeader className={open ? '' : 'pb-4'}>
        <CardTitle id="ticket-filters-title">
          Filtros
          {active > 0 && (
            <span className="ml-2 text-sm font-normal text-slate-600">
              ({active} {active === 1 ? 'ativo' : 'ativos'})
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
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          aria-labelledby="ticket-filters-title"
        >
          <TextField
            className="sm:col-span-2"
            label="Buscar"
            type="search"
            placeholder="Título, conteúdo ou cliente"
            value={draft.q}
            onChange={(e) => set('q', e.target.value)}
          />
          <DateField
            label="De"
            value={startText}
            onValueChange={setStartText}
            error={submitted ? startError : undefined}
          />
          <DateField
            label="Até"
            value={endText}
            onValueChange={setEndText}
            error={submitted ? endError : undefined}
          />
          <SelectField
            label="Sentimento"
            placeholder="Todos"
            options={sentimentOptions}
            value={draft.sentiment}
            onChange={(e) => set('sentiment', e.target.value as Filters['sentiment'])}
          />
          <SelectField
            label="Status"
            placeholder="Todos"
            options={statusOptions}
            value={draft.solved_status}
            onChange={(e) => set('solved_status', e.target.value as Filters['solved_status'])}
          />
          <TextField
            label="CSAT maior ou igual a"
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step="any"
            value={draft.csat_gte}
            onChange={(e) => set('csat_gte', e.target.value)}
          />
          <TextField
            label="CSAT menor que"
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step="any"
            value={draft.csat_lt}
            onChange={(e) => set('csat_lt', e.target.value)}
          />
          <TextField
            label="Termo de alerta"
            placeholder="Ex.: procon"
            value={draft.red_flag_term}
            onChange={(e) => set('red_flag_term', e.target.value)}
          />
          <div className="flex flex-col justify-end gap-2 pb-1 sm:col-span-1 lg:col-span-1">
            <Checkbox
              label="Requer escalonamento"
              checked={draft.requires_escalation}
              onCheckedChange={(checked) => set('requires_escalation', checked === true)}
            />
            <Checkbox
              label="Contém sinais de alerta"
              checked={draft.contains_red_flags}
              onCheckedChange={(checked) => set('contains_red_flags', checked === true)}
            />
            <Checkbox
              label="Requer atenção"
              checked={draft.requires_attention}
              onCheckedChange={(checked) => set('requires_attention', checked === true)}
            />
            <Checkbox
              label="Apenas analisados"
              checked={draft.analyzed}
              onCheckedChange={(checked) => set('analyzed', checked === true)}
            />
          </div>
          <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-2 lg:justify-end">
            <Button type="submit">Aplicar</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(emptyFilters);
                setStartText('');
                setEndText('');
                onApply(emptyFilters);
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
