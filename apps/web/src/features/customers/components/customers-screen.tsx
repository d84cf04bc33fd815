import type { Customer } from '@atende/contracts';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatDate, formatTotal } from '../../../lib/format.ts';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { customersPerPage, useCustomers } from '../api/get-customers.ts';
import { currentTenantId } from '../api/keys.ts';
import { formatDocument } from '../lib/document.ts';
import { listParamsFromSearchParams, listParamsToSearchParams } from '../lib/list-params.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { failureDescription } from './failure.tsx';

/** /customers: search, page through, add, edit and delete the tenant's customers. */
export function CustomersScreen() {
  if (currentTenantId() === '') return <PageHeader title="Clientes" description="Selecione um tenant" />;
  return <Customers />;
}

type FormState = { open: false } | { open: true; customer: Customer | null; key: number };

function Customers() {
  // Search and page live in the URL (?q=…&page=N): back/forward and a reload restore them.
  const [searchParams, setSearchParams] = useSearchParams();
  const { q: search, page } = listParamsFromSearchParams(searchParams);
  const setPage = (next: number) => setSearchParams(listParamsToSearchParams({ q: search, page: next }));
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Customer | null>(null);
  const customers = useCustomers(page, search);
  const remove = useDeleteCustomer();
  const list = customers.data?.customers ?? [];
  const total = customers.data?.total ?? 0;
  const estimate = customers.data?.total_is_estimate ?? false;

  useEffect(() => {
    if (customers.isError) toast.error('Falha na Operação', { description: 'Falha ao buscar clientes' });
  }, [customers.isError]);

  // The last row of a page was deleted: show the page before.
  useEffect(() => {
    if (customers.isSuccess && list.length === 0 && page > 1 && !customers.isPlaceholderData) {
      setSearchParams(listParamsToSearchParams({ q: search, page: page - 1 }), { replace: true });
    }
  }, [customers.isSuccess, customers.isPlaceholderData, list.length, page, search, setSearchParams]);

  function applySearch(text: string) {
    setSearchParams(listParamsToSearchParams({ q: text, page: 1 }));
  }

  function openForm(customer: Customer | null) {
    setForm({ open: true, customer, key: Date.now() });
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Cliente excluído', { description: toDelete.name });
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
          <Button onClick={() => openForm(null)}>
            <Plus className="size-4" aria-hidden="true" />
            Novo cliente
          </Button>
        }
      />

      <Card aria-label="Lista de clientes">
        <SearchForm
          label="Buscar clientes"
          placeholder="Nome, documento, empresa ou e-mail"
          value={search}
          onSearch={applySearch}
          className="p-4 sm:px-5"
        />

        <div className="border-t border-slate-200">
          {customers.isPending ? (
            <div role="status" className="space-y-3 p-4">
              <span className="sr-only">Carregando...</span>
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} className="h-9 w-full" />
              ))}
            </div>
          ) : customers.isError && list.length === 0 ? (
            <LoadError
              title="Falha ao buscar clientes"
              description="Verifique sua conexão e tente de novo."
              onRetry={() => customers.refetch()}
              retrying={customers.isFetching}
            />
          ) : list.length === 0 ? (
            <EmptyState
              icon={Users}
              title="Nenhum cliente encontrado"
              description={
                search
                  ? 'Tente outra busca ou limpe o campo de busca.'
                  : 'Cadastre o primeiro cliente em “Novo cliente”.'
              }
            />
          ) : (
            <TableContainer label="Clientes" className="rounded-b-lg">
              <Table className="min-w-[52rem]">
                <TableHead>
                  <tr>
                    <TableHeaderCell className="pl-4 sm:pl-5">Nome</TableHeaderCell>
                    <TableHeaderCell>Documento</TableHeaderCell>
                    <TableHeaderCell>Empresa</TableHeaderCell>
                    <TableHeaderCell>Contato</TableHeaderCell>
                    <TableHeaderCell>Criado em</TableHeaderCell>
                    <TableHeaderCell className="pr-4 text-right sm:pr-5">
                      <span className="sr-only">Ações</span>
                    </TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {list.map((customer) => (
                    <TableRow key={customer.id}>
                      <TableCell className="pl-4 font-medium text-slate-900 sm:pl-5">
                        {customer.name}
                      </TableCell>
                      <TableCell className="whitespace-nowrap tabular-nums">
                        {formatDocument(customer.document)}
                      </TableCell>
                      <TableCell>{customer.company ?? <span className="text-slate-400">—</span>}</TableCell>
                      <TableCell>
                        {customer.email || customer.phone ? (
                          <div className="space-y-0.5">
                            {customer.email && <div className="break-all">{customer.email}</div>}
                            {customer.phone && <div className="text-slate-600">{customer.phone}</div>}
                          </div>
                        ) : (
                          <span className="text-slate-400">—</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-slate-600">
                        {formatDate(customer.created_at)}
                      </TableCell>
                      <TableCell className="pr-4 text-right whitespace-nowrap sm:pr-5">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Editar ${customer.name}`}
                          onClick={() => openForm(customer)}
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
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </div>
        {total > 0 && (
          <Pagination
            page={page}
            total={total}
            totalIsEstimate={estimate}
            perPage={customersPerPage}
            onPageChange={setPage}
            label="Páginas de clientes"
            className="border-t border-slate-200 px-4 py-3 sm:px-5"
          />
        )}
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
      />
    </div>
  );
}
