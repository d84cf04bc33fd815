import { X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea.tsx';
import { useAnalyzeTicket } from '../api/analyze-ticket.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { CustomerSearch, type SelectedCustomer } from './customer-search.tsx';

/** Content is the one required field (spec §5): without it nothing can be sent. */
export function canCreateTicket(content: string): boolean {
  return content.trim() !== '';
}

type Mode = 'create' | 'analyze' | 'analyze-and-open';

interface CreateTicketFormProps {
  /** Shown (the title field takes the focus when it opens); hidden, it keeps what was typed. */
  open: boolean;
  onClose: () => void;
}

/** 'Criar Novo Chamado': create, create and analyse, or (Ctrl+Enter) create, analyse and open. */
export function CreateTicketForm({ open, onClose }: CreateTicketFormProps) {
  const titleField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) titleField.current?.focus();
  }, [open]);
  const navigate = useNavigate();
  const createTicket = useCreateTicket();
  const analyzeTicket = useAnalyzeTicket();
  const [title, setTitle] = useState('');
  const [customer, setCustomer] = useState<SelectedCustomer | null>(null);
  const [content, setContent] = useState('');
  const [mode, setMode] = useState<Mode | null>(null);
  const busy = mode !== null;
  const ready = canCreateTicket(content);

  async function submit(next: Mode) {
    if (!ready || busy) return;
    setMode(next);
    try {
      let ticket: Awaited<ReturnType<typeof createTicket.mutateAsync>>;
      try {
        ticket = await createTicket.mutateAsync({ title, customerId: customer?.id ?? null, content });
      } catch {
        toast.error('Erro ao criar', { description: 'Não foi possível criar o chamado.' });
        return;
      }
      toast.success('Chamado criado');
      setTitle('');
      setCustomer(null);
      setContent('');
      if (next === 'create') return;
      try {
        await analyzeTicket.mutateAsync({ id: ticket.id });
        toast.success('Análise concluída');
      } catch {
        toast.error('Erro na análise', { description: 'Falha ao processar análise de IA.' });
      }
      if (next === 'analyze-and-open') navigate(`/tickets/${ticket.id}`);
    } finally {
      setMode(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit('create');
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit('analyze-and-open');
    }
  }

  return (
    <Card id="create-ticket" aria-labelledby="create-ticket-title" hidden={!open}>
      <CardHeader>
        <div>
          <CardTitle id="create-ticket-title">Criar Novo Chamado</CardTitle>
          <CardDescription>
            Cole a conversa com o cliente. <kbd className="font-sans font-medium">Ctrl+Enter</kbd> cria,
            analisa e abre o chamado.
          </CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
          Fechar
        </Button>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} onKeyDown={onKeyDown} className="grid gap-4 md:grid-cols-2">
          <TextField
            ref={titleField}
            label="Título"
            hint="Opcional."
            value={title}
            maxLength={300}
            onChange={(event) => setTitle(event.target.value)}
            disabled={busy}
          />
          <CustomerSearch value={customer} onChange={setCustomer} disabled={busy} />
          <TextareaField
            className="md:col-span-2"
            label="Conteúdo"
            hint="Obrigatório: o texto ou a conversa do chamado."
            required
            rows={5}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            disabled={busy}
          />
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <Button
              type="submit"
              disabled={!ready || busy}
              pending={mode === 'create'}
              pendingLabel="Criando…"
            >
              Criar Chamado
            </Button>
            <Button
              variant="secondary"
              disabled={!ready || busy}
              pending={mode === 'analyze' || mode === 'analyze-and-open'}
              pendingLabel="Criando e analisando…"
              onClick={() => void submit('analyze')}
            >
              Criar e Analisar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
