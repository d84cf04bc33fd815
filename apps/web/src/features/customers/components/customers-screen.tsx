import type { Customer } from '@atende/contracts';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { DigisacBadge } from '../../../components/digisac-badge.tsx';
import { type Column, DataTable } from '../../../components/list/data-table.tsx';
import { param } from '../../../components/list/list-params.ts';
import { useListState, useStepBackFromEmptyPage } from '../../../components/list/use-list-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { formatDate, formatTotal } from '../../../lib/format.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { customersPerPage, useCustomers } from '../api/get-customers.ts';
import { currentTenantId } from '../api/keys.ts';
import { formatDocument } from '../lib/document.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { failureDescription } from './failure.tsx';

/** /customers: search, page through, add, edit and delete the tenant's customers. */
export function CustomersScreen() {
  if (currentTenantId() === '') return <PageHeader title="Clientes" description="Selecione um tenant" />;
  return <Customers />;
}

/** The list's state in the URL: `?q=…&page=N`. */
const customersList = { q: param.text() };

const none = <span className="text-slate-500">—</span>;

type FormState = { open: false } | { open: true; customer: Customer | null; key: number };

function Customers() {
  const list = useListState(customersList);
  const search = list.values.q;
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Customer | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const customers = useCustomers(list.page, search);
  const remove = useDeleteCustomer();
  const rows = customers.data?.customers;
  const total = customers.data?.total ?? 0;
  const estimate = customers.data?.total_is_estimate ?? false;
  useStepBackFromEmptyPage(list, {
    rows: rows?.length,
    settled: customers.isSuccess && !customers.isPlaceholderData,
    total: estimate ? undefined : total,
    perPage: customersPerPage,
  });

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Cliente excluído', { description: toDelete.name });
        deleted.current = true;
        setToDelete(null);
      },
      onError: (error) => {
        toast.error('Falha na Operação', {
          description: failureDescription('Falha ao excluir cliente', error),
        });
        setToDelete(null);
      },
    });
  }

  const columns: Column<Customer>[] = [
    {
      id: 'name',
      header: 'Nome',
      phone: 'title',
      className: 'font-medium text-slate-900',
      cell: (customer) =>
        customer.source === 'digisac' ? (
          <span className="inline-flex flex-wrap items-center gap-1.5">
            {customer.name}
            <DigisacBadge />
          </span>
        ) : (
          customer.name
        ),
    },
    {
      id: 'document',
      header: 'Documento',
      className: 'whitespace-nowrap tabular-nums',
      // A DigiSac contact has no document.
      cell: (customer) => (customer.document ? formatDocument(customer.document) : '—'),
    },
    { id: 'company', header: 'Empresa', cell: (customer) => customer.company ?? none },
    {
      id: 'contact',
      header: 'Contato',
      cell: (customer) =>
        customer.email || customer.phone ? (
          <div className="min-w-0 space-y-0.5">
            {customer.email && <div className="break-all">{customer.email}</div>}
            {customer.phone && (
              <div className="whitespace-nowrap text-slate-600 tabular-nums">
                {formatPhone(customer.phone)}
              </div>
            )}
          </div>
        ) : (
          none
        ),
    },
    {
      id: 'created_at',
      header: 'Criado em',
      className: 'whitespace-nowrap text-slate-600',
      cell: (customer) => formatDate(customer.created_at),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Clientes"
        description={
          customers.isSuccess
            ? `${formatTotal(total, estimate)} ${total === 1 && !estimate ? 'cliente' : 'clientes'}${search ? ` · busca: “${search}”` : ''}`
            : 'Pessoas e empresas atendidas pela sua equipe.'
        }
        actions={
          <Button ref={newButton} onClick={() => setForm({ open: true, customer: null, key: Date.now() })}>
            <Plus className="size-4" aria-hidden="true" />
            Novo cliente
          </Button>
        }
      />

      <Card aria-label="Lista de clientes">
        <SearchForm
          label="Buscar clientes"
          placeholder="Nome, documento, empresa, e-mail ou telefone"
          value={search}
          onSearch={(q) => list.setValues({ q })}
          className="border-b border-slate-200 p-4 sm:px-5"
        />
        <DataTable
          label="Clientes"
          columns={columns}
          rows={rows}
          rowKey={(customer) => customer.id}
          query={customers}
          errorTitle="Falha ao buscar clientes."
          empty={{
            icon: Users,
            title: 'Nenhum cliente encontrado',
            description: search
              ? 'Tente outra busca ou limpe o campo de busca.'
              : 'Cadastre o primeiro cliente em “Novo cliente”.',
          }}
          actions={(customer) => (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Editar ${customer.name}`}
                onClick={() => setForm({ open: true, customer, key: Date.now() })}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Excluir ${customer.name}`}
                onClick={() => setToDelete(customer)}
                className="text-red-700 hover:bg-red-50"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </>
          )}
          pagination={{
            page: list.page,
            total,
            totalIsEstimate: estimate,
            perPage: customersPerPage,
            onPageChange: list.setPage,
            label: 'Páginas de clientes',
          }}
        />
      </Card>

      {form.open && (
        <CustomerFormDialog
          key={form.key}
          open
          onOpenChange={(open) => !open && setForm({ open: false })}
          customer={form.customer}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir cliente"
        description="Tem certeza que deseja excluir este cliente?"
        confirmLabel="Excluir"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // The deleted row's button is gone: focus the list's next obvious control instead.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          newButton.current?.focus();
        }}
      />
    </div>
  );
}
