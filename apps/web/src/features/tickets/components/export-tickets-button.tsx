import { DownloadButton } from '../../../components/download-button.tsx';
import { filtersToApiParams, type TicketFilters, toDateInputValue } from '../../../lib/ticket-list-url.ts';

export const ticketsExportPath = '/api/v1/tickets/export.csv';

/**
 * 'Exportar CSV': every ticket matching the list's current filters (all pages) as a spreadsheet
 * file, named by the server (`chamados-YYYY-MM-DD.csv`).
 */
export function ExportTicketsButton({ filters }: { filters: TicketFilters }) {
  return (
    <DownloadButton
      path={ticketsExportPath}
      params={filtersToApiParams(filters)}
      fallbackName={`chamados-${toDateInputValue(new Date().toISOString())}.csv`}
      failure="Não foi possível exportar os chamados."
    >
      Exportar CSV
    </DownloadButton>
  );
}
