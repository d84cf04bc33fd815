import type { TenantSettings } from '@atende/contracts';
import { CircleAlert, CircleCheck, Lightbulb, PlugZap } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
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
import { cn } from '../../../components/ui/cn.ts';
import { LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentRole } from '../../../lib/current-role.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { useTenantSettings } from '../../../lib/tenant-settings.ts';
import { useTestDigisacConnection } from '../api/test-digisac-connection.ts';
import { useUpdateTenantSettings } from '../api/update-tenant-settings.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { AnalysisQualityCard } from './analysis-quality-card.tsx';
import { BusinessHoursCard } from './business-hours-card.tsx';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';
import {
  connectionTestRequest,
  formFieldOf,
  hostChanged,
  type SettingsFormValues,
  savedTokenText,
  settingsBody,
  settingsFormSchema,
  settingsMessages,
  toFormValues,
} from './settings-form.ts';
import { SettingsNav } from './settings-nav.tsx';

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The saved state, not what is being typed. */
function StatusCard({ settings }: { settings: TenantSettings }) {
  const integrated = Boolean(settings.digisac_host) && settings.digisac_token_set;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-slate-100">
          <StatusRow label="Conta">
            <Badge tone="green">Ativa</Badge>
          </StatusRow>
          <StatusRow label="Integração DigiSac">
            {integrated ? (
              <Badge tone="green">Configurada</Badge>
            ) : (
              <Badge tone="gray">Não configurada</Badge>
            )}
          </StatusRow>
          <StatusRow label="SLA de atendimento">{settings.max_customer_wait_time_minutes} minutos</StatusRow>
          <StatusRow label="Aviso antes do estouro">
            {settings.sla_warning_percent === 0 ? 'Desligado' : `${settings.sla_warning_percent}%`}
          </StatusRow>
          <StatusRow label="Última alteração">{formatDateTime(settings.updated_at)}</StatusRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function TipsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-4 text-amber-600" aria-hidden="true" />
          Dicas
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>O tempo máximo de espera é o seu SLA: chamados sem resposta por mais tempo geram um alerta.</li>
          <li>Use o endereço completo do DigiSac, como https://suaempresa.digisac.app.</li>
          <li>
            O token nunca é exibido depois de salvo. Para trocá-lo, digite o novo token; deixe o campo em
            branco para manter o atual.
          </li>
          <li>Use “Testar conexão” para conferir o endereço e o token antes de salvar.</li>
        </ul>
      </CardContent>
    </Card>
  );
}

function SettingsForm({
  settings,
  onDirtyChange,
  readOnly,
}: {
  settings: TenantSettings;
  onDirtyChange: (dirty: boolean) => void;
  /** An agent's view: the settings are shown, not changed (the server refuses it too). */
  readOnly: boolean;
}) {
  const update = useUpdateTenantSettings();
  const form = useZodForm<SettingsFormValues>(settingsFormSchema, toFormValues(settings));
  const { reset } = form;
  const { isDirty } = form.formState;

  // A fresh copy from the server (another tab saved) becomes the new starting point, but what the
  // user is typing stays.
  useEffect(() => reset(toFormValues(settings), { keepDirtyValues: true }), [settings, reset]);

  const removeToken = form.watch('removeToken');
  const learnFromCorrections = form.watch('learnFromCorrections');
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const save = (values: SettingsFormValues) =>
    update.mutate(settingsBody(values), {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        toast.success(settingsMessages.saved);
      },
      onError: (error) => {
        // One error per failure: under the inputs the API names, else its detail as a toast.
        if (showServerFieldErrors(form, error, formFieldOf)) return;
        toast.error((error instanceof ApiError && error.error?.detail) || settingsMessages.saveFailed);
      },
    });

  // Saving another host clears the saved token (it is only ever sent to its own host).
  const [typedHost, typedToken] = form.watch(['digisacHost', 'newToken']);
  const clearsToken =
    settings.digisac_token_set &&
    !removeToken &&
    typedHost.trim() !== '' &&
    typedToken.trim() === '' &&
    hostChanged({ digisacHost: typedHost }, settings);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save, () => toast.error(settingsMessages.invalidForm))}
      aria-labelledby="settings-form-title"
    >
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="settings-form-title">Configurações da Conta</CardTitle>
            <CardDescription>
              Dados da organização, SLA de atendimento e integração com o DigiSac.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="space-y-6">
          <fieldset className="space-y-4" disabled={readOnly}>
            <legend className="text-sm font-semibold text-slate-900">Conta</legend>
            <TextField label="Nome da conta" autoComplete="organization" {...fieldProps(form, 'name')} />
            <TextField
              label="Tempo máximo de espera do cliente (minutos)"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              step={1}
              hint="De 1 a 1440 minutos (24 horas). Sem resposta nesse tempo, o chamado gera um alerta."
              className="max-w-xs"
              {...fieldProps(form, 'maxWaitMinutes')}
            />
            <TextField
              label="Avisar antes do estouro (%)"
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              step={1}
              hint="Um aviso quando a espera chega a essa parte do tempo máximo (em horário de atendimento). 0 desliga o aviso."
              className="max-w-xs"
              {...fieldProps(form, 'warningPercent')}
            />
          </fieldset>
          <fieldset className="space-y-4" disabled={readOnly}>
            <legend className="text-sm font-semibold text-slate-900">Integração DigiSac</legend>
            <TextField
              label="Endereço do DigiSac"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://suaempresa.digisac.app"
              hint={clearsToken ? settingsMessages.hostChangeClearsToken : settingsMessages.hostHint}
              {...fieldProps(form, 'digisacHost')}
            />
            <div className="space-y-3">
              <PasswordField
                label={settings.digisac_token_set ? 'Novo token do DigiSac' : 'Token do DigiSac'}
                autoComplete="new-password"
                hint={
                  settings.digisac_token_set
                    ? `${savedTokenText(settings)}. ${settingsMessages.tokenKeepHint}`
                    : settingsMessages.tokenNoneHint
                }
                disabled={removeToken}
                {...fieldProps(form, 'newToken')}
              />
              {settings.digisac_token_set && (
                <Checkbox
                  label="Remover o token salvo"
                  checked={removeToken}
                  onCheckedChange={(checked) =>
                    form.setValue('removeToken', checked === true, { shouldDirty: true })
                  }
                />
              )}
            </div>
            <ConnectionTest form={form} settings={settings} />
          </fieldset>
          <fieldset className="space-y-2" disabled={readOnly}>
            <legend className="text-sm font-semibold text-slate-900">Análises</legend>
            <Checkbox
              label="Aprender com as correções da equipe"
              checked={learnFromCorrections}
              disabled={readOnly}
              onCheckedChange={(checked) =>
                form.setValue('learnFromCorrections', checked === true, { shouldDirty: true })
              }
            />
            <p className="text-sm text-slate-600">
              Uma mensagem parecida com as que a equipe corrigiu (👎 com a correção) recebe o sentimento e a
              intenção corrigidos. Alertas e sinais de alerta seguem sempre as regras.
            </p>
          </fieldset>
        </CardContent>
        <CardFooter>
          <Button
            variant="secondary"
            disabled={!isDirty || update.isPending}
            onClick={() => reset(toFormValues(settings))}
          >
            Descartar Alterações
          </Button>
          <Button
            type="submit"
            disabled={!isDirty || readOnly}
            pending={update.isPending}
            pendingLabel="Salvando…"
          >
            Salvar Configurações
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

interface TestResult {
  ok: boolean;
  message: string;
  /** What the host and token fields held when it was asked: typing there hides the answer. */
  typed: string;
}

/**
 * 'Testar conexão': asks DigiSac (through our server) who the typed or stored token belongs to;
 * the answer is announced (role="status") next to the button, a malformed host under its input.
 */
function ConnectionTest({
  form,
  settings,
}: {
  form: UseFormReturn<SettingsFormValues>;
  settings: TenantSettings;
}) {
  const test = useTestDigisacConnection();
  const [result, setResult] = useState<TestResult | null>(null);
  const typed = JSON.stringify(form.watch(['digisacHost', 'newToken', 'removeToken']));
  const shown = result?.typed === typed ? result : null;

  async function run() {
    setResult(null);
    if (!(await form.trigger(['digisacHost', 'newToken']))) return;
    const request = connectionTestRequest(form.getValues(), settings);
    if (request.problem !== undefined) {
      setResult({ ok: false, message: request.problem, typed });
      return;
    }
    test.mutate(request.body, {
      onSuccess: (answer) => setResult({ ok: answer.ok, message: answer.message, typed }),
      onError: (error) => {
        if (showServerFieldErrors(form, error, formFieldOf)) return;
        const message = (error instanceof ApiError && error.error?.detail) || settingsMessages.testFailed;
        setResult({ ok: false, message, typed });
      },
    });
  }

  const Icon = shown?.ok ? CircleCheck : CircleAlert;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Button
        variant="secondary"
        pending={test.isPending}
        pendingLabel="Testando conexão…"
        onClick={() => void run()}
      >
        <PlugZap className="size-4" aria-hidden="true" />
        Testar conexão
      </Button>
      <div role="status" className="min-w-0 flex-1 basis-64" data-testid="digisac-test-result">
        {shown && (
          <p
            className={cn(
              'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
              shown.ok
                ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                : 'border-amber-200 bg-amber-50 text-amber-900',
            )}
          >
            <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{shown.message}</span>
          </p>
        )}
      </div>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div role="status" className="grid gap-6 lg:grid-cols-3">
      <span className="sr-only">Carregando configurações…</span>
      <Skeleton className="h-96 lg:col-span-2" />
      <Skeleton className="h-48" />
    </div>
  );
}

/** /settings: the tenant's settings form, and the user's notification preferences. */
export function SettingsScreen() {
  const { data: settings, isPending, isError, refetch, isRefetching } = useTenantSettings();
  const readOnly = useCurrentRole() === 'agent';
  // Either form with unsaved changes: leaving the screen asks first.
  const [formDirty, setFormDirty] = useState(false);
  const [preferencesDirty, setPreferencesDirty] = useState(false);
  const [hoursDirty, setHoursDirty] = useState(false);
  return (
    <>
      <UnsavedChangesGuard when={formDirty || preferencesDirty || hoursDirty} />
      <PageHeader title="Configurações" description="Ajuste os dados da sua organização e as integrações." />
      <SettingsNav />
      {readOnly && <AdminOnlyNotice action="alterar as configurações da organização" />}
      {isPending ? (
        <SettingsSkeleton />
      ) : isError && !settings ? (
        <Card>
          <LoadError
            title={settingsMessages.loadFailedTitle}
            description={settingsMessages.loadFailed}
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        </Card>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <SettingsForm settings={settings} onDirtyChange={setFormDirty} readOnly={readOnly} />
          </div>
          <div className="space-y-6">
            <StatusCard settings={settings} />
            <TipsCard />
          </div>
        </div>
      )}
      {/* The week the SLA counts in (issue 31): a query and a form of its own. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <BusinessHoursCard readOnly={readOnly} onDirtyChange={setHoursDirty} />
        </div>
      </div>
      {/* The user's own preferences: shown even when the organisation's settings cannot load. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <NotificationPreferencesCard onDirtyChange={setPreferencesDirty} />
        </div>
      </div>
      {/* The organisation's 👍/👎 on the AI analysis, and its corrections as a file. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <AnalysisQualityCard />
        </div>
      </div>
    </>
  );
}
