import { ChevronDown, ChevronUp } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { sentimentLabels, solvedStatusLabels } from '../../../lib/analysis-display.ts';
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

/** Phones get the list first: the eleven fields start folded there unless some filter is in force. */
const startsOpen = (value: Filters) =>
  activeFilterCount(value) > 0 || !window.matchMedia('(max-width: 639px)').matches;

/** The list's filters: edited here, applied (and written to the URL) with 'Aplicar'. */
export function TicketFilters({ value, onApply }: TicketFiltersProps) {
  const [draft, setDraft] = useState(value);
  const [open, setOpen] = useState(() => startsOpen(value));
  // The URL changed elsewhere (back button, a dashboard link): show what is in force.
  useEffect(() => setDraft(value), [value]);
  const active = activeFilterCount(value);

  const set = <K extends keyof Filters>(key: K, next: Filters[K]) => setDraft((d) => ({ ...d, [key]: next }));

  // The API refuses a range that ends before it starts; say so here, by the field.
  const rangeError =
    draft.start_date &&
    draft.end_date &&
    toDateInputValue(draft.start_date) > toDateInputValue(draft.end_date)
      ? 'A data final deve ser igual ou posterior à inicial.'
      : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!rangeError) onApply(draft);
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
          onClick={() => setOpen((current) => !current)}
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
          <TextField
            label="De"
            type="date"
            value={toDateInputValue(draft.start_date)}
            onChange={(e) => set('start_date', e.target.value)}
          />
          <TextField
            label="Até"
            type="date"
            error={rangeError}
            value={toDateInputValue(draft.end_date)}
            onChange={(e) => set('end_date', e.target.value)}
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
