import { ChartColumn } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

/**
 * /dashboard (spec §2). The metric cards arrive with their own issue; for now the greeting and a
 * note saying so.
 */
export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Painel" description="Bom dia!" />
      <Card>
        <CardContent className="flex items-start gap-3">
          <ChartColumn className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h2 className="text-base font-semibold text-slate-900">Métricas em breve</h2>
            <p className="mt-1 text-sm text-slate-600">
              Aqui aparecerão a satisfação média (CSAT), os chamados por situação e sentimento e os alertas do
              período. Enquanto isso, acompanhe os atendimentos pela lista de chamados.
            </p>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
