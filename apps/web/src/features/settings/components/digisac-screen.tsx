import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { useCurrentRole } from '../../../lib/current-role.ts';
import { isDigisacConfigured, useTenantSettings } from '../../../lib/tenant-settings.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { DigisacStatusCard } from './digisac-status-card.tsx';
import { SettingsNav } from './settings-nav.tsx';

/**
 * /settings/digisac: the DigiSac ingestion (real time, events, history import, sync). The address
 * and token stay in Conta; an agent sees the status, an admin changes it (the server refuses
 * agents too).
 */
export function DigisacScreen() {
  const readOnly = useCurrentRole() === 'agent';
  const settings = useTenantSettings();
  // While the settings load, assume configured: the status says what is missing anyway.
  const configured = settings.data ? isDigisacConfigured(settings.data) : true;
  return (
    <>
      <PageHeader title="Configurações" description="Ajuste os dados da sua organização e as integrações." />
      <SettingsNav />
      {readOnly && (
        <AdminOnlyNotice action="ligar o tempo real, importar o histórico ou reprocessar eventos do DigiSac" />
      )}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <DigisacStatusCard readOnly={readOnly} configured={configured} />
        </div>
        <aside className="text-sm text-slate-600" aria-label="Sobre a integração">
          <p>
            O endereço e o token do DigiSac ficam em <TextLink to="/settings">Conta</TextLink>. Depois de
            salvá-los, ligue o tempo real e importe o histórico das conversas.
          </p>
        </aside>
      </div>
    </>
  );
}
