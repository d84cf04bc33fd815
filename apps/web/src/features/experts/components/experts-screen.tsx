import { Clock, Star, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

/** Sample figures of the placeholder (static, not data). */
const figures = [
  { label: 'Especialistas ativos', value: '23', icon: Users },
  { label: 'Tempo médio de resposta', value: '2,3 min', icon: Clock },
  { label: 'Satisfação média', value: '4,8/5', icon: Star },
] as const;

/** /experts: a static placeholder. */
export function ExpertsScreen() {
  return (
    <>
      <PageHeader
        title="Gestão de Especialistas"
        description="Acompanhe a equipe de especialistas que atende os seus clientes."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {figures.map(({ label, value, icon: Icon }) => (
          <Card key={label}>
            <CardContent className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <dl>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
              </dl>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card className="mt-6">
        <CardContent className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Os números acima são exemplos. A gestão de especialistas (escalas, filas e desempenho) está a
            caminho.
          </p>
          <Button disabled className="shrink-0">
            Em breve - Gestão de Especialistas
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
