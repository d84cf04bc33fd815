import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type MessageFormValues, useCreateMessage } from '../api/create-message.ts';
import { directionLabels } from '../lib/labels.ts';

const empty: MessageFormValues = {
  content: '',
  direction: 'inbound',
  channel: 'web',
  ticket_id: '',
  customer_id: '',
  expert_id: '',
};

const directionOptions = [
  { value: 'inbound', label: directionLabels.inbound },
  { value: 'outbound', label: directionLabels.outbound },
];

type Problems = Partial<Record<keyof MessageFormValues, string>>;

/** Records a message by hand; an inbound one is analysed by the server as it is created. */
export function CreateMessageForm() {
  const [values, setValues] = useState<MessageFormValues>(empty);
  const [problems, setProblems] = useState<Problems>({});
  const create = useCreateMessage();

  const field = <K extends keyof MessageFormValues>(name: K) => ({
    name,
    value: values[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.content.trim() === '') {
      setProblems({ content: 'O conteúdo da mensagem é obrigatório.' });
      return;
    }
    setProblems({});
    create.mutate(values, {
      onSuccess: (message) => {
        setValues((current) => ({ ...empty, direction: current.direction, channel: current.channel }));
        toast.success('Mensagem criada', {
          description: message.flagged ? 'A mensagem contém termos sinalizados.' : undefined,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const found: Problems = {};
          for (const { field: path, message } of error.error?.fields ?? []) {
            const name = path.replace(/^body\./, '') as keyof MessageFormValues;
            if (name in empty) found[name] ??= message;
          }
          setProblems(found);
        }
        toast.error('Erro ao criar mensagem', { description: error.message });
      },
    });
  }

  return (
    <Card aria-labelledby="new-message-title">
      <CardHeader>
        <CardTitle id="new-message-title">Nova mensagem</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label="ID do chamado (opcional)" autoComplete="off" {...field('ticket_id')} />
            <TextField label="ID do cliente (opcional)" autoComplete="off" {...field('customer_id')} />
            <TextField label="ID do especialista (opcional)" autoComplete="off" {...field('expert_id')} />
            <SelectField label="Direção" options={directionOptions} {...field('direction')} />
            <TextField label="Canal" autoComplete="off" maxLength={50} {...field('channel')} />
          </div>
          <TextareaField
            label="Conteúdo"
            rows={3}
            maxLength={10_000}
            placeholder="Escreva a mensagem"
            {...field('content')}
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              disabled={values.content.trim() === '' || create.isPending}
              pending={create.isPending}
            >
              <Send className="size-4" aria-hidden="true" />
              Criar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
