import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DigisacFirstRunHint } from '../../../components/digisac-first-run-hint.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { currentTenantId } from '../../../lib/id-token.ts';
import { isDigisacConfigured, tenantSettingsKey, useTenantSettings } from '../../../lib/tenant-settings.ts';
import { ticketListUrlSchema, ticketSortSpec } from '../../../lib/ticket-list-url.ts';
import { useTickets } from '../api/get-tickets.ts';
import { ticketKeys } from '../api/keys.ts';
import { CreateTicketForm } from './create-ticket-form.tsx';
import { type DigisacPageSize, DigisacTicketsTab } from './digisac-tickets-tab.tsx';
import { ExportTicketsButton } from './export-tickets-button.tsx';
import { TicketFilters } from './ticket-filters.tsx';
import { TicketsTable } from './tickets-table.tsx';

type Tab = 'internal' | 'digisac';

const tabClass = cn(
  'h-9 rounded-md px-3 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-xs',
  focusRing,
);

/** /tickets: 'Chamados' — create, filter (mirrored in the URL), list, act in bulk. */
export function TicketsScreen() {
  const queryClient = useQueryClient();
  const list = useListState(ticketListUrlSchema, ticketSortSpec);
  const tickets = useTickets(list.values, list.page, list.sort ?? ticketSortSpec.default);
  const settings = useTenantSettings();
  const digisac = isDigisacConfigured(settings.data);
  const [tab, setTab] = useState<Tab>('internal');
  // The list comes first: the create form opens on demand ('Novo Chamado').
  const [creating, setCreating] = useState(false);
  const newTicketButton = useRef<HTMLButtonElement>(null);
  // The DigiSac tab's page and size live here, not in the URL (the internal list owns the query
  // string and rewrites it whole): switching tabs and back keeps them.
  const [digisacPage, setDigisacPage] = useState(1);
  const [digisacPerPage, setDigisacPerPage] = useState<DigisacPageSize>(10);

  // The DigiSac tab exists only while the integration is configured: without it (or once it is
  // unconfigured) the screen goes back to the internal tab.
  useEffect(() => {
    if (!digisac && tab === 'digisac') setTab('internal');
  }, [digisac, tab]);

  const refreshing = tickets.isFetching || settings.isFetching;
  return (
    <div>
      <PageHeader
        title="Chamados"
        description="Crie, filtre e analise os chamados da sua equipe."
        actions={
          <>
            <Button
              ref={newTicketButton}
              aria-expanded={creating}
              aria-controls="create-ticket"
              onClick={() => {
                setCreating(true);
                setTab('internal');
              }}
            >
              <Plus className="size-4" aria-hidden="true" />
              Novo Chamado
            </Button>
            <ExportTicketsButton filters={list.values} />
            <Button
              variant="secondary"
              pending={refreshing}
              pendingLabel="Atualizando…"
              onClick={() => {
                void queryClient.invalidateQueries({ queryKey: ticketKeys.all() });
                void queryClient.invalidateQueries({ queryKey: tenantSettingsKey(currentTenantId()) });
              }}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Atualizar
            </Button>
          </>
        }
      />
      <DigisacFirstRunHint />
      <Tabs.Root value={digisac ? tab : 'internal'} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List
          aria-label="Origem dos chamados"
          className="mb-4 inline-flex gap-1 rounded-lg bg-slate-200/70 p-1"
        >
          <Tabs.Trigger value="internal" className={tabClass}>
            Internos
          </Tabs.Trigger>
          {digisac && (
            <Tabs.Trigger value="digisac" className={tabClass}>
              DigiSac
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="internal" className="space-y-4 outline-none">
          <CreateTicketForm
            open={creating}
            onClose={() => {
              setCreating(false);
              newTicketButton.current?.focus();
            }}
          />
          <TicketFilters list={list} />
          <TicketsTable list={list} tickets={tickets} />
        </Tabs.Content>
        {digisac && (
          <Tabs.Content value="digisac" className="outline-none">
            <DigisacTicketsTab
              page={digisacPage}
              perPage={digisacPerPage}
              onPageChange={setDigisacPage}
              onPerPageChange={(size) => {
                setDigisacPerPage(size);
                setDigisacPage(1);
              }}
            />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </div>
  );
}
