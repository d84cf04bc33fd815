import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { BulkBar, useBulkAction } from '../../../components/list/bulk.tsx';
import type { Selection } from '../../../components/list/use-list-state.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAnalyzeMessage } from '../api/analyze-message.ts';
import { useFlagMessage } from '../api/flag-message.ts';
import { currentTenantId, messageKeys } from '../api/keys.ts';

const messages = (n: number) => (n === 1 ? 'mensagem' : 'mensagens');

/** 'Analisar com IA', 'Marcar todas' and 'Desmarcar todas' on the selected rows, one call each. */
export function MessageBulkBar({ selection }: { selection: Selection }) {
  const bulk = useBulkAction(messageKeys.all(currentTenantId()));
  // The list is refreshed once, at the end (useBulkAction), not after each call.
  const analyze = useAnalyzeMessage({ refreshList: false });
  const flag = useFlagMessage({ refreshList: false });
  const [doing, setDoing] = useState('');
  const count = selection.size;

  async function analyzeAll() {
    const ids = [...selection.ids];
    setDoing('Analisando');
    const { failed } = await bulk.run(ids, (id) => analyze.mutateAsync(id));
    if (failed > 0) toast.error('Erro na análise', { description: `${failed} de ${ids.length} falharam.` });
    else
      toast.success('Análise concluída', {
        description: `${ids.length} ${ids.length === 1 ? 'mensagem analisada' : 'mensagens analisadas'}.`,
      });
  }

  async function flagAll(flagged: boolean) {
    const ids = [...selection.ids];
    setDoing(flagged ? 'Marcando' : 'Desmarcando');
    const { failed } = await bulk.run(ids, (id) => flag.mutateAsync({ id, flagged }));
    if (failed > 0) {
      toast.error('Erro', {
        description: `Não foi possível atualizar ${failed} de ${ids.length} ${messages(ids.length)}.`,
      });
    } else {
      toast.success(flagged ? 'Mensagens marcadas' : 'Marcações removidas', {
        description: `${ids.length} ${messages(ids.length)} ${ids.length === 1 ? 'atualizada' : 'atualizadas'}.`,
      });
    }
  }

  return (
    <BulkBar
      count={count}
      summary={`${count} ${count === 1 ? 'selecionada' : 'selecionadas'}`}
      onClear={selection.clear}
      status={bulk.progress ? `${doing} ${bulk.progress.done}/${bulk.progress.total}…` : undefined}
    >
      <Button size="sm" onClick={analyzeAll} disabled={bulk.running}>
        <Sparkles className="size-4" aria-hidden="true" />
        Analisar com IA
      </Button>
      <Button size="sm" variant="secondary" onClick={() => flagAll(true)} disabled={bulk.running}>
        Marcar todas
      </Button>
      <Button size="sm" variant="secondary" onClick={() => flagAll(false)} disabled={bulk.running}>
        Desmarcar todas
      </Button>
    </BulkBar>
  );
}
