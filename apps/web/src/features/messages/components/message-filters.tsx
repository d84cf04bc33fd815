import { directions } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { type PickerOption, SearchPicker } from '../../../components/search-picker.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import type { messagesList } from '../api/get-messages.ts';
import { currentTenantId, pickerKeys } from '../api/keys.ts';
import { searchTickets, ticketSearchKey, useTicketOption } from '../api/pickers.ts';
import { directionLabels, shortId } from '../lib/labels.ts';

const directionOptions = directions.map((value) => ({ value, label: directionLabels[value] }));

/** Search, direction, 'Apenas marcadas' and the ticket: each change goes to the URL. */
export function MessageFilters({ list }: { list: ListState<typeof messagesList> }) {
  const { values } = list;
  const queryClient = useQueryClient();
  const ticket = useTicketOption(values.ticket_id);
  const ticketValue: PickerOption | null = values.ticket_id
    ? { id: values.ticket_id, label: ticket.data?.label ?? `Chamado ${shortId(values.ticket_id)}` }
    : null;

  function chooseTicket(option: PickerOption | null) {
    // Known already: the filter shows its title at once, without asking for it again.
    if (option) queryClient.setQueryData(pickerKeys.ticket(currentTenantId(), option.id), option);
    list.setValues({ ticket_id: option?.id ?? '' });
  }

  return (
    <div className="space-y-3 p-4 sm:px-5">
      <SearchForm
        label="Buscar conteúdo"
        placeholder="Palavras da mensagem"
        value={values.q}
        onSearch={(q) => list.setValues({ q })}
        submitLabel="Aplicar"
      />
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <SelectField
          label="Filtrar por direção"
          className="w-44"
          placeholder="Todas"
          options={directionOptions}
          value={values.direction}
          onChange={(event) => list.setValues({ direction: event.target.value as typeof values.direction })}
        />
        <SearchPicker
          label="Filtrar por chamado"
          className="w-full sm:w-64"
          placeholder="Buscar pelo título"
          search={searchTickets}
          searchKey={ticketSearchKey()}
          value={ticketValue}
          onChange={chooseTicket}
        />
        <Checkbox
          label="Apenas marcadas"
          className="pb-2.5"
          checked={values.flagged}
          onCheckedChange={(checked) => list.setValues({ flagged: checked === true })}
        />
      </div>
    </div>
  );
}
