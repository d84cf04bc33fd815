import {
  type AlertType,
  alertTypes,
  type NotificationPreferences,
  type Priority,
  type UpdateNotificationPreferences,
} from '@atende/contracts';
import { Info } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { LoadError } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertTypeLabels, priorityLabels } from '../../../lib/notification-labels.ts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';

export const notificationPreferencesMessages = {
  saved: 'Preferências de notificação salvas',
  saveFailed: 'Não foi possível salvar as preferências de notificação.',
  loadFailed: 'Não foi possível carregar as preferências de notificação.',
} as const;

/** From the lowest: 'Baixa' shows every alert, 'Alta' only the high ones. */
const minPriorityOptions = (['low', 'medium', 'high'] as const).map((p) => ({
  value: p,
  label: priorityLabels[p],
}));

const sameTypes = (a: readonly AlertType[], b: readonly AlertType[]) =>
  a.length === b.length && a.every((t) => b.includes(t));

/** The PUT body: only what differs from what is saved (the API keeps the rest). */
export function preferencesChanges(
  saved: NotificationPreferences,
  draft: NotificationPreferences,
): UpdateNotificationPreferences {
  const body: UpdateNotificationPreferences = {};
  if (!sameTypes(saved.muted_alert_types, draft.muted_alert_types)) {
    body.muted_alert_types = alertTypes.filter((t) => draft.muted_alert_types.includes(t));
  }
  if (saved.min_priority !== draft.min_priority) body.min_priority = draft.min_priority;
  return body;
}

const titleId = 'notification-preferences-title';

/** Settings › Notificações: the signed-in user's muted alert types and minimum priority. */
/** `onDirtyChange`: told whether unsaved changes exist (the screen asks before leaving). */
export function NotificationPreferencesCard({
  onDirtyChange = () => {},
}: {
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const preferences = useNotificationPreferences();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <CardTitle id={titleId}>Notificações</CardTitle>
          <CardDescription>
            Escolha quais alertas aparecem para você no sino, na página de notificações e no navegador. Vale
            só para a sua conta.
          </CardDescription>
        </div>
      </CardHeader>
      {preferences.data ? (
        <PreferencesForm saved={preferences.data} onDirtyChange={onDirtyChange} />
      ) : preferences.isPending ? (
        <CardContent>
          <SkeletonList rows={3} label="Carregando preferências de notificação…" />
        </CardContent>
      ) : (
        <CardContent>
          <LoadError
            title={notificationPreferencesMessages.loadFailed}
            onRetry={() => void preferences.refetch()}
            retrying={preferences.isFetching}
          />
        </CardContent>
      )}
    </Card>
  );
}

function PreferencesForm({
  saved,
  onDirtyChange,
}: {
  saved: NotificationPreferences;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const update = useUpdateNotificationPreferences();
  // What the user changed (null: nothing); a fresh copy from the server shows until they do.
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const current = draft ?? saved;
  const changes = preferencesChanges(saved, current);
  const dirty = Object.keys(changes).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const allMuted = current.muted_alert_types.length === alertTypes.length;

  function toggleMuted(type: AlertType, muted: boolean) {
    const others = current.muted_alert_types.filter((t) => t !== type);
    setDraft({ ...current, muted_alert_types: muted ? [...others, type] : others });
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty || update.isPending) return;
    update.mutateAsync(changes).then(
      () => {
        setDraft(null);
        toast.success(notificationPreferencesMessages.saved);
      },
      (error: unknown) => {
        const detail = error instanceof ApiError ? error.error?.detail : undefined;
        toast.error(notificationPreferencesMessages.saveFailed, { description: detail });
      },
    );
  }

  return (
    <form noValidate onSubmit={save}>
      <CardContent className="space-y-6">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Silenciar alertas</legend>
          <p className="mt-1 text-sm text-slate-600">Marque os tipos de alerta que você não quer receber.</p>
          <div className="mt-3 grid gap-x-6 gap-y-2.5 sm:grid-cols-2">
            {alertTypes.map((type) => (
              <Checkbox
                key={type}
                label={alertTypeLabels[type]}
                checked={current.muted_alert_types.includes(type)}
                onCheckedChange={(checked) => toggleMuted(type, checked === true)}
              />
            ))}
          </div>
          {allMuted && (
            <p className="mt-3 text-sm text-amber-800">
              Todos os tipos estão silenciados: você não receberá nenhum alerta.
            </p>
          )}
        </fieldset>
        <SelectField
          label="Prioridade mínima"
          options={minPriorityOptions}
          value={current.min_priority}
          onChange={(event) => setDraft({ ...current, min_priority: event.target.value as Priority })}
          hint="Alertas de prioridade menor que esta não aparecem. Com Baixa, todos aparecem."
          className="max-w-xs"
        />
        <p className="flex gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            Alertas silenciados ou abaixo da prioridade mínima não são apagados: continuam registrados e
            voltam a aparecer quando você reativar o tipo ou baixar a prioridade mínima.
          </span>
        </p>
      </CardContent>
      <CardFooter>
        <Button variant="secondary" disabled={!dirty || update.isPending} onClick={() => setDraft(null)}>
          Descartar alterações
        </Button>
        <Button type="submit" disabled={!dirty} pending={update.isPending} pendingLabel="Salvando…">
          Salvar preferências
        </Button>
      </CardFooter>
    </form>
  );
}
