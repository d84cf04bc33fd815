import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { filtersToApiParams, type TicketFilters, toDateInputValue } from '../lib/filters.ts';

export const ticketsExportPath = '/api/v1/tickets/export.csv';

/**
 * 'Exportar CSV': every ticket matching the list's current filters (all pages) as a spreadsheet
 * file, named by the server (`chamados-YYYY-MM-DD.csv`).
 */
export function ExportTicketsButton({ filters }: { filters: TicketFilters }) {
  const [exporting, setExporting] = useState(false);

  async function exportTickets() {
    setExporting(true);
    try {
      const today = toDateInputValue(new Date().toISOString());
      await downloadFile(ticketsExportPath, filtersToApiParams(filters), `chamados-${today}.csv`);
    } catch (error) {
      toast.error('Não foi possível exportar os chamados.', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="secondary" pending={exporting} pendingLabel="Exportando…" onClick={exportTickets}>
      <Download className="size-4" aria-hidden="true" />
      Exportar CSV
    </Button>
  );
}
