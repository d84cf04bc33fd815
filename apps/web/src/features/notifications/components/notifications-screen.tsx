import type { Priority } from '@atende/contracts';
import { BellOff, CheckCheck, RefreshCw, SearchX, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { BulkBar, useBulkAction } from '../../../components/list/bulk.tsx';
import { param } from '../../../components/list/list-params.ts';
import { useListState } from '../../../components/list/use-list-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError, RetryNotice } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PAGE_LIST_LIMIT, useAllNotifications } from '../api/get-notifications.ts';
import { notificationKeys } from '../api/keys.ts';
import { markNotificationRead, useClearAll, useMarkRead } from '../api/mark-read.ts';
import { priorityLabels } from '../lib/display.tsx';
import { NotificationsPageItem } from './notifications-page-item.tsx';

/** The page's texts. */
export const notificationsPageMessages = {
  loadFailed: 'Não foi possível carregar as notificações.',
  clearFailed: 'Não foi possível limpar as notificações.',
  markFailed: 'Não foi possível marcar as notificações como lidas.',
};

/** The page loads 200 (PAGE_LIST_LIMIT) and shows 20 per page, with up to 5 page buttons. */
const NOTIFICATIONS_PER_PAGE = 20;
const MAX_PAGE_BUTTONS = 5;

const statusFilters = ['unread', 'read'] as const;
const priorityFilters = ['high', 'medium', 'low'] as const satisfies readonly Priority[];

/** The filters in the URL: `?status=unread|read&priority=high|medium|low&page=N` (else all). */
const notificationsList = { status: param.oneOf(statusFilters), priority: param.oneOf(priorityFilters) };

const statusOptions = [
  { value: 'unread', label: 'Não lidas' },
  { value: 'read', label: 'Lidas' },
];
const priorityOptions = priorityFilters.map((p) => ({ value: p, label: priorityLabels[p] }));

/** The current time, again every minute, so "5 min atrás" moves on while the page stays open. */
function useNow(everyMs = 60_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /notifications: the newest 200 of the user, filtered here by status and priority (in the URL), 20
 * per page; mark the selected ones read, clear all, refresh. A list of cards, not a table: each
 * alert is a sentence with its details, as in the bell's panel.
 */
export function NotificationsScreen() {
  const list = useListState(notificationsList);
  const { status, priority } = list.values;
  const { selection, setPage } = list;

  const query = useAllNotifications(PAGE_LIST_LIMIT, { includeRead: true });
  const markOpened = useMarkRead();
  const bulk = useBulkAction(notificationKeys.all());
  const clearAll = useClearAll();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const now = Math.max(useNow(), query.dataUpdatedAt);

  const loaded = query.data?.notifications;
  const visible = useMemo(
    () =>
      (loaded ?? []).filter(
        (n) =>
          (status === '' || n.read === (status === 'read')) && (priority === '' || n.priority === priority),
      ),
    [loaded, status, priority],
  );
  const pageCount = Math.max(1, Math.ceil(visible.length / NOTIFICATIONS_PER_PAGE));
  const page = Math.min(list.page, pageCount);
  const rows = visible.slice((page - 1) * NOTIFICATIONS_PER_PAGE, page * NOTIFICATIONS_PER_PAGE);
  const unreadCount = loaded?.filter((n) => !n.read).length ?? 0;

  // Only what is still listed counts as selected (another tab may have cleared the rest).
  const selectedRows = visible.filter((n) => selection.has(n.notification_id));
  const pageIds = rows.map((n) => n.notification_id);

  // A page past the end (the list shrank, an old link): the URL follows what is shown.
  useEffect(() => {
    if (query.isSuccess && list.page > pageCount) setPage(pageCount, { replace: true });
  }, [query.isSuccess, list.page, pageCount, setPage]);

  /** One call per unread selected row, one list refresh at the end, one toast. */
  async function markSelectedRead() {
    const all = selectedRows.map((n) => n.notification_id);
    const ids = selectedRows.filter((n) => !n.read).map((n) => n.notification_id);
    if (ids.length === 0) {
      selection.setAll(all, false);
      toast.info('As notificações selecionadas já estavam lidas.');
      return;
    }
    const { ok, failed } = await bulk.run(ids, markNotificationRead);
    if (failed > 0) {
      // The selection stays: trying again skips the ones now read.
      toast.error(notificationsPageMessages.markFailed, {
        description: ok > 0 ? `${ok} de ${ids.length} marcadas como lidas.` : undefined,
      });
      return;
    }
    selection.setAll(all, false);
    toast.success(ok === 1 ? 'Notificação marcada como lida' : `${ok} notificações marcadas como lidas`);
  }

  function openTicket(id: string, read: boolean) {
    if (read) return;
    markOpened.mutateAsync([id]).catch(() => toast.error(notificationsPageMessages.markFailed));
  }

  function confirmClearAll() {
    clearAll.mutateAsync(undefined).then(
      (result) => {
        setConfirmingClear(false);
        selection.clear();
        toast.success('Notificações limpas', {
          description:
            result.count > 0
              ? `${plural(result.count, 'notificação removida', 'notificações removidas')} da sua lista.`
              : undefined,
        });
      },
      // The dialog stays open: the user can try again or cancel.
      () => toast.error(notificationsPageMessages.clearFailed),
    );
  }

  async function refresh() {
    setRefreshing(true);
    const result = await query.refetch();
    setRefreshing(false);
    // Without a list the inline error says it; with one, the old list stays and a toast says it.
    if (result.isError && result.data) toast.error(notificationsPageMessages.loadFailed);
  }

  return (
    <div>
      <PageHeader
        title="Notificações"
        description={
          loaded
            ? `${plural(loaded.length, 'notificação', 'notificações')} · ${plural(unreadCount, 'não lida', 'não lidas')}`
            : 'Os alertas dos chamados da sua equipe.'
        }
        actions={
          <>
            <Button variant="secondary" pending={refreshing} pendingLabel="Atualizando…" onClick={refresh}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Atualizar
            </Button>
            <Button
              variant="secondary"
              disabled={!loaded || loaded.length === 0}
              onClick={() => setConfirmingClear(true)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Limpar todas
            </Button>
          </>
        }
      />

      <Card aria-label="Lista de notificações">
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
          <SelectField
            label="Status"
            placeholder="Todas"
            options={statusOptions}
            value={status}
            onChange={(event) => list.setValues({ status: event.target.value as typeof status })}
            className="w-full min-[28rem]:w-44"
          />
          <SelectField
            label="Prioridade"
            placeholder="Todas"
            options={priorityOptions}
            value={priority}
            onChange={(event) => list.setValues({ priority: event.target.value as typeof priority })}
            className="w-full min-[28rem]:w-44"
          />
          {list.active > 0 && (
            <Button variant="ghost" onClick={list.clear}>
              Limpar filtros
            </Button>
          )}
        </div>

        <div className="border-b border-slate-200 px-4 py-2.5 sm:px-5">
          <Checkbox
            label="Selecionar todas desta página"
            checked={selection.stateOf(pageIds)}
            disabled={pageIds.length === 0}
            onCheckedChange={(checked) => selection.setAll(pageIds, checked === true)}
          />
        </div>
        {/* Under the app header while the page scrolls: the action stays in reach of the rows. */}
        <div className="sticky top-14 z-10">
          <BulkBar
            count={selectedRows.length}
            summary={plural(selectedRows.length, 'selecionada', 'selecionadas')}
            onClear={selection.clear}
            status={bulk.progress ? `Marcando ${bulk.progress.done}/${bulk.progress.total}…` : undefined}
          >
            <Button size="sm" pending={bulk.running} pendingLabel="Marcando…" onClick={markSelectedRead}>
              <CheckCheck className="size-4" aria-hidden="true" />
              Marcar selecionadas como lidas
            </Button>
          </BulkBar>
        </div>

        {query.isPending ? (
          <div aria-busy="true">
            {query.failureCount > 0 && <RetryNotice title={notificationsPageMessages.loadFailed} />}

            <div className="px-4 py-4 sm:px-5">
              <SkeletonList rows={5} label="Carregando notificações…" />
            </div>
          </div>
        ) : !loaded ? (
          <LoadError
            title={notificationsPageMessages.loadFailed}
            description={
              query.error instanceof ApiError && query.error.error
                ? query.error.error.detail
                : 'Verifique sua conexão e tente de novo.'
            }
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : rows.length === 0 ? (
          list.active === 0 || loaded.length === 0 ? (
            <EmptyState
              icon={BellOff}
              title="Nenhuma notificação encontrada"
              description="Não há notificações para exibir"
            />
          ) : status === 'unread' && priority === '' ? (
            <EmptyState
              icon={BellOff}
              title="Nenhuma notificação não lida"
              description="Você está em dia com todas as suas notificações!"
            />
          ) : (
            <EmptyState
              icon={SearchX}
              title="Nenhuma notificação encontrada"
              description="Nenhuma notificação corresponde a estes filtros. Tente ajustar ou limpar os filtros."
              action={
                <Button variant="secondary" onClick={list.clear}>
                  Limpar filtros
                </Button>
              }
            />
          )
        ) : (
          <ul aria-label="Notificações" className="divide-y divide-slate-200">
            {rows.map((n) => (
              <NotificationsPageItem
                key={n.notification_id}
                notification={n}
                selected={selection.has(n.notification_id)}
                onSelect={(on) => selection.toggle(n.notification_id, on)}
                onOpenTicket={() => openTicket(n.notification_id, n.read)}
                now={now}
              />
            ))}
          </ul>
        )}

        {visible.length > 0 && (
          <Pagination
            page={page}
            total={visible.length}
            perPage={NOTIFICATIONS_PER_PAGE}
            maxPageButtons={MAX_PAGE_BUTTONS}
            onPageChange={setPage}
            label="Páginas de notificações"
            className="border-t border-slate-200 px-4 py-3 sm:px-5"
          />
        )}
      </Card>
      {query.data && query.data.total > query.data.notifications.length && (
        <p className="mt-3 text-xs text-slate-600">
          Mostrando as {query.data.notifications.length} notificações mais recentes de {query.data.total}.
        </p>
      )}

      <ConfirmDialog
        open={confirmingClear}
        onOpenChange={setConfirmingClear}
        title="Limpar todas as notificações"
        description="Tem certeza que deseja limpar todas as notificações? Esta ação não pode ser desfeita."
        confirmLabel="Limpar todas"
        destructive
        pending={clearAll.isPending}
        onConfirm={confirmClearAll}
      />
    </div>
  );
}
