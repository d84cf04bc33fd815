import { BellOff, CheckCheck, RefreshCw, SearchX, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PAGE_LIST_LIMIT, useAllNotifications } from '../api/get-notifications.ts';
import { useClearAll, useMarkRead } from '../api/mark-read.ts';
import { priorityLabels } from '../lib/display.tsx';
import {
  applyFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasFilters,
  NOTIFICATIONS_PER_PAGE,
  type NotificationFilters,
  noFilters,
  pageFromSearchParams,
  priorityFilters,
} from './notifications-page-filters.ts';
import { NotificationsPageItem } from './notifications-page-item.tsx';

/** Spec §8, the page's texts. */
export const notificationsPageMessages = {
  loadFailed: 'Não foi possível carregar as notificações.',
  clearFailed: 'Não foi possível limpar as notificações.',
  markFailed: 'Não foi possível marcar as notificações como lidas.',
};

const statusOptions = [
  { value: 'unread', label: 'Não lidas' },
  { value: 'read', label: 'Lidas' },
];
const priorityOptions = priorityFilters.map((p) => ({ value: p, label: priorityLabels[p] }));

const MAX_PAGE_BUTTONS = 5;

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
 * /notifications (spec §2): the newest 200 of the user, filtered here by status and priority
 * (mirrored in the URL), 20 per page; mark the selected ones read, clear all, refresh.
 */
export function NotificationsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { status, priority } = filtersFromSearchParams(searchParams);
  const filters = useMemo<NotificationFilters>(() => ({ status, priority }), [status, priority]);
  const requestedPage = pageFromSearchParams(searchParams);

  const list = useAllNotifications(PAGE_LIST_LIMIT, { includeRead: true });
  const markRead = useMarkRead();
  const markOpened = useMarkRead();
  const clearAll = useClearAll();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const now = Math.max(useNow(), list.dataUpdatedAt);

  const loaded = list.data?.notifications;
  const visible = useMemo(() => applyFilters(loaded ?? [], filters), [loaded, filters]);
  const pageCount = Math.max(1, Math.ceil(visible.length / NOTIFICATIONS_PER_PAGE));
  const page = Math.min(requestedPage, pageCount);
  const rows = visible.slice((page - 1) * NOTIFICATIONS_PER_PAGE, page * NOTIFICATIONS_PER_PAGE);
  const unreadCount = loaded?.filter((n) => !n.read).length ?? 0;

  // Only what is still listed counts as selected (a filter or another tab can hide the rest).
  const selectedRows = visible.filter((n) => selected.has(n.notification_id));
  const pageIds = rows.map((n) => n.notification_id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const pageChecked =
    pageIds.length > 0 && selectedOnPage === pageIds.length
      ? true
      : selectedOnPage > 0
        ? 'indeterminate'
        : false;

  // A page past the end (the list shrank, an old link): the URL follows what is shown.
  useEffect(() => {
    if (list.isSuccess && requestedPage > pageCount) {
      setSearchParams(filtersToSearchParams(filters, pageCount), { replace: true });
    }
  }, [list.isSuccess, requestedPage, pageCount, filters, setSearchParams]);

  function show(next: NotificationFilters, nextPage = 1) {
    setSearchParams(filtersToSearchParams(next, nextPage));
  }

  function changeFilters(next: NotificationFilters) {
    setSelected(new Set());
    show(next);
  }

  function selectPage(on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function selectOne(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function unselect(ids: readonly string[]) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  }

  // mutateAsync, not mutate's callbacks: those fire only for the latest call.
  function markSelectedRead() {
    const all = selectedRows.map((n) => n.notification_id);
    const ids = selectedRows.filter((n) => !n.read).map((n) => n.notification_id);
    if (ids.length === 0) {
      unselect(all);
      toast.info('As notificações selecionadas já estavam lidas.');
      return;
    }
    markRead.mutateAsync(ids).then(
      () => {
        unselect(all);
        toast.success(
          ids.length === 1
            ? 'Notificação marcada como lida'
            : `${ids.length} notificações marcadas como lidas`,
        );
      },
      () => toast.error(notificationsPageMessages.markFailed),
    );
  }

  function openTicket(id: string, read: boolean) {
    if (read) return;
    markOpened.mutateAsync([id]).catch(() => toast.error(notificationsPageMessages.markFailed));
  }

  function confirmClearAll() {
    clearAll.mutateAsync(undefined).then(
      (result) => {
        setConfirmingClear(false);
        setSelected(new Set());
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
    const result = await list.refetch();
    setRefreshing(false);
    // Without a list the inline error says it; with one, the old list stays and a toast says it.
    if (result.isError && result.data) toast.error(notificationsPageMessages.loadFailed);
  }

  const filtered = hasFilters(filters);
  const description = loaded
    ? `${plural(loaded.length, 'notificação', 'notificações')} · ${plural(unreadCount, 'não lida', 'não lidas')}`
    : 'Os alertas dos chamados da sua equipe.';

  return (
    <div>
      <PageHeader
        title="Notificações"
        description={description}
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
            value={filters.status}
            onChange={(event) =>
              changeFilters({ ...filters, status: event.target.value as NotificationFilters['status'] })
            }
            className="w-full min-[28rem]:w-44"
          />
          <SelectField
            label="Prioridade"
            placeholder="Todas"
            options={priorityOptions}
            value={filters.priority}
            onChange={(event) =>
              changeFilters({ ...filters, priority: event.target.value as NotificationFilters['priority'] })
            }
            className="w-full min-[28rem]:w-44"
          />
          {filtered && (
            <Button variant="ghost" onClick={() => changeFilters(noFilters)}>
              Limpar filtros
            </Button>
          )}
        </div>

        <section
          aria-label="Seleção"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-2.5 sm:px-5"
        >
          <Checkbox
            label="Selecionar todas desta página"
            checked={pageChecked}
            disabled={pageIds.length === 0}
            onCheckedChange={(checked) => selectPage(checked === true)}
          />
          <p className="mr-auto text-sm text-slate-600" aria-live="polite">
            {selectedRows.length > 0 && plural(selectedRows.length, 'selecionada', 'selecionadas')}
          </p>
          <Button
            size="sm"
            disabled={selectedRows.length === 0}
            pending={markRead.isPending}
            pendingLabel="Marcando…"
            onClick={markSelectedRead}
          >
            <CheckCheck className="size-4" aria-hidden="true" />
            Marcar selecionadas como lidas
          </Button>
        </section>

        {list.isPending ? (
          <div className="px-4 py-4 sm:px-5">
            <SkeletonList rows={5} label="Carregando notificações…" />
          </div>
        ) : !loaded ? (
          <LoadError
            title={notificationsPageMessages.loadFailed}
            description={
              list.error instanceof ApiError && list.error.error
                ? list.error.error.detail
                : 'Verifique sua conexão e tente de novo.'
            }
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        ) : rows.length === 0 ? (
          filtered && loaded.length > 0 ? (
            filters.status === 'unread' && filters.priority === '' ? (
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
                  <Button variant="secondary" onClick={() => changeFilters(noFilters)}>
                    Limpar filtros
                  </Button>
                }
              />
            )
          ) : (
            <EmptyState
              icon={BellOff}
              title="Nenhuma notificação encontrada"
              description="Não há notificações para exibir"
            />
          )
        ) : (
          <ul aria-label="Notificações" className="divide-y divide-slate-200">
            {rows.map((n) => (
              <NotificationsPageItem
                key={n.notification_id}
                notification={n}
                selected={selected.has(n.notification_id)}
                onSelect={(on) => selectOne(n.notification_id, on)}
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
            onPageChange={(next) => show(filters, next)}
            label="Páginas de notificações"
            className="border-t border-slate-200 px-4 py-3 sm:px-5"
          />
        )}
      </Card>
      {list.data && list.data.total > list.data.notifications.length && (
        <p className="mt-3 text-xs text-slate-600">
          Mostrando as {list.data.notifications.length} notificações mais recentes de {list.data.total}.
        </p>
      )}

      <ConfirmDialog
        open={confirmingClear}
        onOpenChange={setConfirmingClear}
        title="Limpar todas as notificações"
        description="Tem certeza que deseja limpar todas as notificações? Elas deixarão de aparecer para você, inclusive as que os filtros escondem; para o restante da equipe nada muda."
        confirmLabel="Limpar todas"
        destructive
        pending={clearAll.isPending}
        onConfirm={confirmClearAll}
      />
    </div>
  );
}
