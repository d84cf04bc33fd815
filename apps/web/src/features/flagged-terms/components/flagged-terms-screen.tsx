import { type FlaggedTerm, flaggedTermMaxLength } from '@atende/contracts';
import { Pencil, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { type Column, DataTable } from '../../../components/list/data-table.tsx';
import { param } from '../../../components/list/list-params.ts';
import { useListState } from '../../../components/list/use-list-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { adminOnlyMessage, useCurrentRole } from '../../../lib/current-role.ts';
import { formatDate } from '../../../lib/format.ts';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { useCreateFlaggedTerm } from '../api/create-flagged-term.ts';
import { useDeleteFlaggedTerm, useTermsBeingDeleted } from '../api/delete-flagged-term.ts';
import { useFlaggedTerms } from '../api/get-flagged-terms.ts';
import { currentTenantId } from '../api/keys.ts';
import { useToggleFlaggedTerm } from '../api/toggle-flagged-term.ts';
import { EditTermDialog } from './edit-term-dialog.tsx';
import { type TermFormValues, termFormSchema } from './term-form.ts';

const title = 'Termos Sinalizados';

/** The API's pt-BR sentence, when the failure came with one. */
const errorDetail = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** /flagged-terms: the words and phrases looked for in every new customer message. */
export function FlaggedTermsScreen() {
  if (currentTenantId() === '') {
    return <PageHeader title={title} description="Selecione um locatário." />;
  }
  return <FlaggedTerms />;
}

/** The search in the URL: `?q=…` (every term is listed at once: no pages). */
const termsList = { q: param.text() };

function FlaggedTerms() {
  const list = useListState(termsList);
  const search = list.values.q;
  const terms = useFlaggedTerms(search);
  const rows = terms.data ?? [];
  const activeCount = rows.filter((term) => term.is_active).length;
  const addForm = useZodForm<TermFormValues>(termFormSchema, { term: '' });
  const toggle = useToggleFlaggedTerm();
  const remove = useDeleteFlaggedTerm();
  const deleting = useTermsBeingDeleted();
  const [toDelete, setToDelete] = useState<FlaggedTerm | null>(null);
  const [editing, setEditing] = useState<FlaggedTerm | null>(null);
  // Radix gives the focus back to a DialogTrigger only: the row's button that opened a dialog is
  // remembered here, and the add-term input takes the focus once the row is deleted.
  const opener = useRef<HTMLElement | null>(null);
  const deleted = useRef(false);

  function returnFocus(event: Event) {
    event.preventDefault();
    if (deleted.current) addForm.setFocus('term');
    else opener.current?.focus();
    deleted.current = false;
  }

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and rows can be
  // toggled faster than the server answers.
  function toggleTerm(id: string) {
    toggle.mutateAsync(id).then(
      () => toast.success('Status do termo alterado com sucesso'),
      (error) => toast.error('Erro ao alterar status do termo', { description: errorDetail(error) }),
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutateAsync(toDelete.id).then(
      () => {
        toast.success('Termo removido com sucesso');
        deleted.current = true;
        setToDelete(null);
      },
      (error) => {
        toast.error('Erro ao remover termo', { description: errorDetail(error) });
        setToDelete(null);
      },
    );
  }

  // Agents see the terms; only admins change them (the server refuses them too).
  const canEdit = useCurrentRole() !== 'agent';

  const columns: Column<FlaggedTerm>[] = [
    {
      id: 'term',
      header: 'Termo',
      phone: 'title',
      className: 'font-medium break-words text-slate-900',
      cell: (term) => term.term,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (term) => (
        <div className="flex items-center gap-2">
          <Switch
            aria-label={`Termo ${term.term} ativo`}
            checked={term.is_active}
            disabled={!canEdit}
            onCheckedChange={() => toggleTerm(term.id)}
          />
          <span className={term.is_active ? 'text-brand-800' : 'text-slate-600'}>
            {term.is_active ? 'Ativo' : 'Inativo'}
          </span>
        </div>
      ),
    },
    {
      id: 'created_at',
      header: 'Criado em',
      className: 'whitespace-nowrap text-slate-600',
      cell: (term) => formatDate(term.created_at),
    },
  ];

  return (
    <div>
      <PageHeader
        title={title}
        description={
          terms.isSuccess ? (
            <span data-testid="flagged-terms-summary">
              {rows.length} {rows.length === 1 ? 'termo' : 'termos'} · {activeCount}{' '}
              {activeCount === 1 ? 'ativo' : 'ativos'}
              {search && <> · busca: “{search}”</>}
            </span>
          ) : (
            'Palavras e frases que merecem atenção nas mensagens dos clientes.'
          )
        }
      />

      <div className="space-y-4">
        {canEdit ? (
          <AddTermCard form={addForm} />
        ) : (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {adminOnlyMessage('alterar os termos sinalizados')}
          </p>
        )}

        <Card aria-labelledby="terms-list-title">
          <CardHeader>
            <CardTitle id="terms-list-title">Termos cadastrados</CardTitle>
          </CardHeader>
          <CardContent>
            <SearchForm
              label="Buscar termos"
              placeholder="Ex.: procon"
              value={search}
              onSearch={(q) => list.setValues({ q })}
              clearable
            />
          </CardContent>
          <div className="border-t border-slate-200">
            <DataTable
              label="Termos sinalizados"
              columns={columns}
              rows={terms.data}
              rowKey={(term) => term.id}
              query={terms}
              errorTitle="Não foi possível carregar os termos."
              empty={{
                icon: ShieldAlert,
                title: 'Nenhum termo encontrado',
                description: search
                  ? 'Tente ajustar os filtros de busca'
                  : 'Adicione acima a primeira palavra ou frase a vigiar.',
              }}
              actions={
                canEdit
                  ? (term) => (
                      <>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={(event) => {
                            opener.current = event.currentTarget;
                            setEditing(term);
                          }}
                          aria-label={`Editar ${term.term}`}
                        >
                          <Pencil className="size-4" aria-hidden="true" />
                          Editar
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={(event) => {
                            opener.current = event.currentTarget;
                            setToDelete(term);
                          }}
                          pending={deleting.has(term.id)}
                          aria-label={`Excluir ${term.term}`}
                          className="text-red-700 hover:bg-red-50"
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                          Excluir
                        </Button>
                      </>
                    )
                  : undefined
              }
            />
          </div>
        </Card>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir termo?"
        description={
          <>
            O termo “{toDelete?.term}” deixará de ser procurado nas mensagens. Esta ação não pode ser
            desfeita.
          </>
        }
        confirmLabel="Excluir"
        destructive
        pending={toDelete !== null && remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={returnFocus}
      />
      {editing && (
        <EditTermDialog
          key={editing.id}
          term={editing}
          onClose={() => setEditing(null)}
          onCloseAutoFocus={returnFocus}
        />
      )}
    </div>
  );
}

/** 'Adicionar termo': Enter or 'Adicionar'; a refusal by the field, anything else as a toast. */
function AddTermCard({ form }: { form: UseFormReturn<TermFormValues> }) {
  const create = useCreateFlaggedTerm();

  function add({ term }: TermFormValues) {
    create.mutate(term, {
      onSuccess: () => {
        form.reset();
        toast.success('Termo adicionado com sucesso');
      },
      onError: (error) => {
        // One report per failure: by the field when the API names it, else a toast.
        if (showServerFieldErrors(form, error)) return;
        toast.error('Erro ao adicionar termo', { description: errorDetail(error) });
        form.setFocus('term');
      },
    });
  }

  return (
    <Card aria-labelledby="add-term-title">
      <CardHeader className="block">
        <CardTitle id="add-term-title">Adicionar termo</CardTitle>
        <CardDescription>
          Os termos ativos são detectados automaticamente nas mensagens dos clientes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(add)} className="flex flex-wrap items-start gap-2">
          <TextField
            label="Novo termo"
            maxLength={flaggedTermMaxLength}
            autoComplete="off"
            placeholder="Ex.: cancelar contrato"
            className="min-w-0 flex-1 basis-48"
            {...fieldProps(form, 'term')}
          />
          <Button type="submit" pending={create.isPending} className="mt-6.5">
            <Plus className="size-4" aria-hidden="true" />
            Adicionar
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
