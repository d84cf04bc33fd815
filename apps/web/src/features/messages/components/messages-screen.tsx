import type { Message } from '@atende/contracts';
import { MessageSquare, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '../../../components/list/data-table.tsx';
import { useListState, useStepBackFromEmptyPage } from '../../../components/list/use-list-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatTotal } from '../../../lib/format.ts';
import { usePendingIds } from '../../../lib/pending-ids.ts';
import { useAnalyzeMessage } from '../api/analyze-message.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useFlagMessage } from '../api/flag-message.ts';
import { messagesList, messagesPerPage, useMessages } from '../api/get-messages.ts';
import { analyzeMessageKey, currentTenantId } from '../api/keys.ts';
import { shortId } from '../lib/labels.ts';
import { CreateMessageForm } from './create-message-form.tsx';
import { MessageBulkBar } from './message-bulk-bar.tsx';
import { MessageFilters } from './message-filters.tsx';
import { MessageActions, MessageDetail, messageColumns } from './message-row.tsx';

/** /messages: record messages, read their analysis, flag them, analyse them again. */
export function MessagesScreen() {
  if (currentTenantId() === '') return <PageHeader title="Mensagens" description="Selecione um tenant." />;
  return <Messages />;
}

function Messages() {
  const list = useListState(messagesList);
  const search = list.values.q;
  const messages = useMessages(list.values, list.page);
  const rows = messages.data?.messages;
  const total = messages.data?.total ?? 0;
  const estimate = messages.data?.total_is_estimate ?? false;
  useStepBackFromEmptyPage(list, {
    rows: rows?.length,
    settled: messages.isSuccess && !messages.isPlaceholderData,
  });

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const listCard = useRef<HTMLElement>(null);
  const deleted = useRef(false);
  const analyze = useAnalyzeMessage();
  const flag = useFlagMessage();
  const remove = useDeleteMessage();
  const analysing = usePendingIds(analyzeMessageKey, (id: string) => id);

  function setOpen(id: string, open: boolean) {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and several rows
  // can be analysed or flagged at once.
  function analyzeOne(id: string) {
    analyze.mutateAsync(id).then(
      () => {
        toast.success('Análise concluída');
        setOpen(id, true);
      },
      (error: Error) => toast.error('Erro na análise', { description: error.message }),
    );
  }

  function flagOne(message: Message) {
    flag.mutateAsync({ id: message.id, flagged: !message.flagged }).then(
      (updated) => toast.success(updated.flagged ? 'Mensagem marcada' : 'Marcação removida'),
      (error: Error) =>
        toast.error('Erro', { description: `Não foi possível atualizar marcação. ${error.message}` }),
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success('Mensagem excluída');
        list.selection.toggle(id, false);
        deleted.current = true;
      },
      onError: (error) => toast.error('Erro ao excluir mensagem', { description: error.message }),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div>
      <PageHeader
        title="Mensagens"
        description={
          messages.isSuccess
            ? `${formatTotal(total, estimate)} ${total === 1 && !estimate ? 'mensagem' : 'mensagens'}${search ? ` · busca: “${search}”` : ''}`
            : 'Mensagens dos clientes e da equipe, com a análise da IA.'
        }
        actions={
          <Button variant="secondary" onClick={() => messages.refetch()} disabled={messages.isFetching}>
            <RefreshCw
              className={`size-4 ${messages.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
              aria-hidden="true"
            />
            Atualizar
          </Button>
        }
      />

      <div className="space-y-4">
        <CreateMessageForm />

        <Card ref={listCard} tabIndex={-1} className="outline-none" aria-label="Lista de mensagens">
          <MessageFilters list={list} />
          <MessageBulkBar selection={list.selection} />
          <div className="border-t border-slate-200">
            <DataTable
              label="Mensagens"
              columns={messageColumns(analysing)}
              rows={rows}
              rowKey={(message) => message.id}
              query={messages}
              errorTitle="Não foi possível carregar as mensagens."
              loadingText="Carregando..."
              empty={{
                icon: MessageSquare,
                title: 'Nenhuma mensagem encontrada.',
                description:
                  list.active > 0
                    ? 'Tente outras palavras na busca ou outros filtros.'
                    : 'Crie a primeira mensagem no formulário acima.',
                action: list.active > 0 && (
                  <Button variant="secondary" onClick={list.clear}>
                    Limpar filtros
                  </Button>
                ),
              }}
              selection={{
                state: list.selection,
                rowLabel: (message) => `Selecionar mensagem ${shortId(message.id)}`,
              }}
              actions={(message) => (
                <MessageActions
                  message={message}
                  expanded={expanded.has(message.id)}
                  analysing={analysing.has(message.id)}
                  onToggleExpanded={() => setOpen(message.id, !expanded.has(message.id))}
                  onAnalyze={() => analyzeOne(message.id)}
                  onFlag={() => flagOne(message)}
                  onDelete={() => setToDelete(message)}
                />
              )}
              expanded={(message) => (expanded.has(message.id) ? <MessageDetail message={message} /> : null)}
              pagination={{
                page: list.page,
                total,
                totalIsEstimate: estimate,
                perPage: messagesPerPage,
                onPageChange: list.setPage,
                label: 'Páginas de mensagens',
              }}
            />
          </div>
        </Card>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir mensagem"
        description="Tem certeza que deseja excluir esta mensagem? A análise dela também será removida."
        confirmLabel="Excluir"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // The deleted row's button is gone: the list itself takes the focus.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          listCard.current?.focus();
        }}
      />
    </div>
  );
}
