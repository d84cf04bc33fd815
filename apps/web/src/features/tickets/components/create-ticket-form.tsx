import type { Ticket } from '@atende/contracts';
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { useAnalyzeTicket } from '../api/analyze-ticket.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { CustomerSearch } from './customer-search.tsx';

/** Content is the one required field (title and customer are optional): without it nothing can be sent. */
export function canCreateTicket(content: string): boolean {
  return content.trim() !== '';
}

const ticketFormSchema = z.object({
  title: z.string(),
  customer: z.object({ id: z.string(), label: z.string(), detail: z.string().optional() }).nullable(),
  content: z.string().refine(canCreateTicket, 'O conteúdo do chamado é obrigatório.'),
});
type TicketFormValues = z.infer<typeof ticketFormSchema>;
const blank: TicketFormValues = { title: '', customer: null, content: '' };

/** The API's field names → the form's (the conversation sent is a copy of the content). */
const apiFields: Record<string, keyof TicketFormValues> = {
  'body.title': 'title',
  'body.customer_id': 'customer',
  'body.content': 'content',
  'body.conversation_text': 'content',
};

type Mode = 'create' | 'analyze' | 'analyze-and-open';

interface CreateTicketFormProps {
  /** Shown (the title field takes the focus when it opens); hidden, it keeps what was typed. */
  open: boolean;
  onClose: () => void;
}

/** 'Criar Novo Chamado': create, create and analyse, or (Ctrl+Enter) create, analyse and open. */
export function CreateTicketForm({ open, onClose }: CreateTicketFormProps) {
  const form = useZodForm<TicketFormValues>(ticketFormSchema, blank);
  const { setFocus } = form;
  useEffect(() => {
    if (open) setFocus('title');
  }, [open, setFocus]);
  const navigate = useNavigate();
  const createTicket = useCreateTicket();
  const analyzeTicket = useAnalyzeTicket();
  const [mode, setMode] = useState<Mode | null>(null);
  const busy = mode !== null;
  const ready = canCreateTicket(useWatch({ control: form.control, name: 'content' }));

  const submit = (next: Mode) =>
    form.handleSubmit(async ({ title, customer, content }) => {
      if (busy) return;
      setMode(next);
      try {
        let ticket: Ticket;
        try {
          ticket = await createTicket.mutateAsync({ title, customerId: customer?.id ?? null, content });
        } catch (error) {
          // One error per failure: under the field the API names (enabled again to take the focus), else a toast.
          flushSync(() => setMode(null));
          if (!showServerFieldErrors(form, error, (field) => apiFields[field]))
            toast.error('Erro ao criar', { description: 'Não foi possível criar o chamado.' });
          return;
        }
        toast.success('Chamado criado');
        form.reset(blank);
        if (next === 'create') return;
        try {
          await analyzeTicket.mutateAsync({ id: ticket.id });
          toast.success('Análise concluída');
        } catch {
          toast.error('Erro na análise', { description: 'Falha ao processar análise de IA.' });
        }
        if (next === 'analyze-and-open') {
          // The unsaved-changes guard must see the emptied form before the route changes.
          flushSync(() => setMode(null));
          navigate(`/tickets/${ticket.id}`);
        }
      } finally {
        setMode(null);
      }
    });

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit('analyze-and-open')();
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
        <form
          noValidate
          onSubmit={submit('create')}
          onKeyDown={onKeyDown}
          className="grid gap-4 md:grid-cols-2"
        >
          <TextField
            label="Título"
            hint="Opcional."
            maxLength={300}
            {...fieldProps(form, 'title')}
            disabled={busy}
          />
          <Controller
            control={form.control}
            name="customer"
            render={({ field, fieldState }) => (
              <CustomerSearch
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                disabled={busy}
              />
            )}
          />
          <TextareaField
            className="md:col-span-2"
            label="Conteúdo"
            hint="Obrigatório: o texto ou a conversa do chamado."
            required
            rows={5}
            {...fieldProps(form, 'content')}
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
              onClick={submit('analyze')}
            >
              Criar e Analisar
            </Button>
          </div>
          <UnsavedChangesGuard when={form.formState.isDirty && !busy} />
        </form>
      </CardContent>
    </Card>
  );
}
