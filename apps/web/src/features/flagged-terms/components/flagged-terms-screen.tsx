import { type FlaggedTerm, flaggedTermMessages, normaliseTermText } from '@atende/contracts';
import { Pencil, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCreateFlaggedTerm } from '../api/create-flagged-term.ts';
import { useDeleteFlaggedTerm, useTermsBeingDeleted } from '../api/delete-flagged-term.ts';
import { useFlaggedTerms } from '../api/get-flagged-terms.ts';
import { currentTenantId } from '../api/keys.ts';
import { useToggleFlaggedTerm } from '../api/toggle-flagged-term.ts';
import { EditTermDialog } from './edit-term-dialog.tsx';
import { termProblem } from './term-problem.ts';

const title = 'Termos Sinalizados';

/** The API's pt-BR sentence, when the failure came with one. */
function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined;
}

/** /flagged-terms: the words and phrases looked for in every new customer message. */
export function FlaggedTermsScreen() {
  if (currentTenantId() === '') {
    return <PageHeader title={title} description="Selecione um locatário." />;
  }
  return <FlaggedTerms />;
}

function FlaggedTerms() {
  const [search, setSearch] = useState('');
  const terms = useFlaggedTerms(search);
  const list = terms.data ?? [];
  const activeCount = list.filter((term) => term.is_active).length;
  const heading = useRef<HTMLHeadingElement>(null);
  const rowControls = useRowControls();
  const remove = useDeleteFlaggedTerm();
  const [toDelete, setToDelete] = useState<FlaggedTerm | null>(null);
  const [editing, setEditing] = useState<FlaggedTerm | null>(null);
  // Where the focus goes when a dialog closes: a row's control, or the list's heading when gone.
  const focusOnClose = useRef<{ id: string; control: RowControl } | null>(null);

  function restoreFocus(event: Event) {
    event.preventDefault();
    const target = focusOnClose.current;
    focusOnClose.current = null;
    const control = target && rowControls.get(target.id, target.control);
    (control ?? heading.current)?.focus();
  }

  function askDelete(term: FlaggedTerm) {
    focusOnClose.current = { id: term.id, control: 'delete' };
    setToDelete(term);
  }

  function askEdit(term: FlaggedTerm) {
    focusOnClose.current = { id: term.id, control: 'edit' };
    setEditing(term);
  }

  // mutateAsync, not mutate's callbacks: those fire only for the latest call.
  function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    const index = list.findIndex((term) => term.id === id);
    const neighbour = list[index + 1] ?? list[index - 1];
    remove.mutateAsync(id).then(
      () => {
        toast.success('Termo removido com sucesso');
        // The row is gone: the next row's delete button (the previous one's at the end), else the heading.
        focusOnClose.current = neighbour ? { id: neighbour.id, control: 'delete' } : null;
        setToDelete(null);
      },
      (error) => {
        toast.error('Erro ao remover termo', { description: errorDetail(error) });
        setToDelete(null);
      },
    );
  }

  return (
    <div>
      <PageHeader
        title={title}
        description={
          terms.isSuccess ? (
            <span data-testid="flagged-terms-summary">
              {list.length} {list.length === 1 ? 'termo' : 'termos'} · {activeCount}{' '}
              {activeCount === 1 ? 'ativo' : 'ativos'}
              {search && <> · busca: “{search}”</>}
            </span>
          ) : (
            'Palavras e frases que merecem atenção nas mensagens dos clientes.'
          )
        }
      />

      <div className="space-y-4">
        <AddTermCard />

        <Card aria-labelledby="terms-list-title">
          <CardHeader>
            <CardTitle id="terms-list-title" ref={heading} tabIndex={-1} className="outline-none">
              Termos cadastrados
            </CardTitle>
          </CardHeader>
          <CardContent className="pb-0">
            <SearchForm
              label="Buscar termos"
              placeholder="Ex.: procon"
              value={search}
              onSearch={setSearch}
              clearable
            />
          </CardContent>
          <div className="mt-4 border-t border-slate-200">
            {terms.isPending ? (
              <div role="status" className="space-y-3 p-4">
                <span className="sr-only">Carregando...</span>
                {[0, 1, 2].map((row) => (
                  <Skeleton key={row} className="h-8 w-full" />
                ))}
              </div>
            ) : terms.isError && !terms.data ? (
              <LoadError
                title="Não foi possível carregar os termos."
                description={errorDetail(terms.error)}
                onRetry={() => terms.refetch()}
                retrying={terms.isFetching}
              />
            ) : list.length === 0 ? (
              <EmptyState
                icon={ShieldAlert}
                title="Nenhum termo encontrado"
                description={
                  search
                    ? 'Tente ajustar os filtros de busca'
                    : 'Adicione acima a primeira palavra ou frase a vigiar.'
                }
              />
            ) : (
              <TermsTable terms={list} controls={rowControls} onEdit={askEdit} onDelete={askDelete} />
            )}
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
        cancelLabel="Cancelar"
        destructive
        pending={toDelete !== null && remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={restoreFocus}
      />
      {editing && (
        <EditTermDialog
          key={editing.id}
          term={editing}
          onClose={() => setEditing(null)}
          onCloseAutoFocus={restoreFocus}
        />
      )}
    </div>
  );
}

type RowControl = 'edit' | 'delete';

/** Each row's edit and delete buttons by term id, so the focus can be put back on one. */
function useRowControls() {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  return {
    /** A ref callback for a row's button (React 19: the returned function unregisters it). */
    register: (id: string, control: RowControl) => (button: HTMLButtonElement | null) => {
      if (!button) return;
      buttons.current.set(`${control}:${id}`, button);
      return () => {
        if (buttons.current.get(`${control}:${id}`) === button) buttons.current.delete(`${control}:${id}`);
      };
    },
    /** The button, if it is still on the page. */
    get: (id: string, control: RowControl) => {
      const button = buttons.current.get(`${control}:${id}`);
      return button?.isConnected ? button : undefined;
    },
  };
}
type RowControls = ReturnType<typeof useRowControls>;

function AddTermCard() {
  const [term, setTerm] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateFlaggedTerm();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = normaliseTermText(term);
    if (text === '') {
      setProblem(flaggedTermMessages.blank);
      input.current?.focus();
      return;
    }
    setProblem(undefined);
    create.mutate(text, {
      onSuccess: () => {
        setTerm('');
        setProblem(undefined);
        toast.success('Termo adicionado com sucesso');
      },
      onError: (error) => {
        // One report per failure: a refusal of the text by the field, anything else as a toast.
        const problem = termProblem(error);
        if (problem) setProblem(problem);
        else toast.error('Erro ao adicionar termo', { description: errorDetail(error) });
        input.current?.focus();
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
        <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
          <TextField
            ref={input}
            label="Novo termo"
            value={term}
            maxLength={100}
            onChange={(event) => {
              setTerm(event.target.value);
              setProblem(undefined); // a stale refusal must not outlive the text it was about
            }}
            placeholder="Ex.: cancelar contrato"
            error={problem}
            className="min-w-0 flex-1 basis-48"
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

interface TermsTableProps {
  terms: FlaggedTerm[];
  controls: RowControls;
  onEdit: (term: FlaggedTerm) => void;
  onDelete: (term: FlaggedTerm) => void;
}

function TermsTable({ terms, controls, onEdit, onDelete }: TermsTableProps) {
  const toggle = useToggleFlaggedTerm();
  const deleting = useTermsBeingDeleted();

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and rows can be
  // toggled faster than the server answers.
  function toggleTerm(id: string) {
    toggle.mutateAsync(id).then(
      () => toast.success('Status do termo alterado com sucesso'),
      (error) => toast.error('Erro ao alterar status do termo', { description: errorDetail(error) }),
    );
  }

  return (
    <TableContainer label="Termos sinalizados" maxHeight="max-h-[60vh]" className="rounded-b-lg">
      <Table className="min-w-[34rem]">
        <TableHead>
          <tr>
            <TableHeaderCell className="pl-4 sm:pl-5">Termo</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Criado em</TableHeaderCell>
            <TableHeaderCell className="pr-4 text-right sm:pr-5">
              <span className="sr-only">Ações</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {terms.map((term) => (
            <TableRow key={term.id}>
              <TableCell className="pl-4 font-medium text-slate-900 sm:pl-5">{term.term}</TableCell>
              <TableCell>
                <div className="flex items-center gap-2">
                  <Switch
                    aria-label={`Termo ${term.term} ativo`}
                    checked={term.is_active}
                    onCheckedChange={() => toggleTerm(term.id)}
                  />
                  <span className={term.is_active ? 'text-brand-800' : 'text-slate-600'}>
                    {term.is_active ? 'Ativo' : 'Inativo'}
                  </span>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap text-slate-600">
                {formatDate(term.created_at)}
              </TableCell>
              <TableCell className="pr-4 text-right whitespace-nowrap sm:pr-5">
                <Button
                  ref={controls.register(term.id, 'edit')}
                  variant="ghost"
                  size="sm"
                  onClick={() => onEdit(term)}
                  aria-label={`Editar ${term.term}`}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Editar
                </Button>
                <Button
                  ref={controls.register(term.id, 'delete')}
                  variant="ghost"
                  size="sm"
                  onClick={() => onDelete(term)}
                  pending={deleting.has(term.id)}
                  aria-label={`Excluir ${term.term}`}
                  className="text-red-700 hover:bg-red-50"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Excluir
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
