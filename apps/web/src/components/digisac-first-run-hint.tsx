import { MessageCircle } from 'lucide-react';
import { isDigisacFirstRun, useDigisacStatus } from '../lib/digisac-status.ts';
import { isDigisacConfigured, useTenantSettings } from '../lib/tenant-settings.ts';
import { TextLink } from './ui/text-link.tsx';

/**
 * The dashboard's and the tickets list's first-run hint: DigiSac is configured but nothing came in
 * from it yet (real time never on, no import started). One link, to Configurações › DigiSac.
 * Nothing without DigiSac, nor while either answer loads or failed (a hint, not an error).
 */
export function DigisacFirstRunHint() {
  const settings = useTenantSettings();
  const configured = isDigisacConfigured(settings.data);
  const status = useDigisacStatus({ enabled: configured, poll: false });
  if (!configured || !isDigisacFirstRun(status.data)) return null;
  return (
    <aside
      aria-label="Conversas do DigiSac"
      data-testid="digisac-first-run"
      className="mb-4 flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <MessageCircle className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-64">
        O DigiSac está configurado, mas nenhuma conversa chegou ainda. Ligue o recebimento em tempo real e
        importe o histórico para ver as conversas aqui.{' '}
        <TextLink to="/settings/digisac">Abrir Configurações › DigiSac</TextLink>
      </p>
    </aside>
  );
}
