import { directions, idSchema } from '@atende/contracts';
import { Send } from 'lucide-react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SearchPicker, type SearchPickerProps } from '../../../components/search-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea.tsx';
import { customerSearchKey, searchCustomers } from '../../../lib/customer-search.ts';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { type MessageFormValues, useCreateMessage } from '../api/create-message.ts';
import { searchTickets, ticketSearchKey } from '../api/pickers.ts';
import { directionLabels } from '../lib/labels.ts';

const empty: MessageFormValues = {
  content: '',
  direction: 'inbound',
  channel: 'web',
  ticket: null,
  customer: null,
  expert_id: '',
};

const directionOptions = directions.map((value) => ({ value, label: directionLabels[value] }));

const chosen = z.object({ id: z.string(), label: z.string(), detail: z.string().optional() }).nullable();

/** The form's checks, with the API's own pt-BR messages (the API checks the same again). */
const messageFormSchema = z.object({
  content: z.string().refine((value) => value.trim() !== '', 'O conteúdo da mensagem é obrigatório.'),
  direction: z.enum(directions),
  channel: z.string(),
  ticket: chosen,
  customer: chosen,
  expert_id: z
    .string()
    .refine(
      (value) => value.trim() === '' || idSchema.safeParse(value.trim()).success,
      'Identificador inválido (esperado um UUID).',
    ),
}) satisfies z.ZodType<MessageFormValues>;

/** The API names the ids it refused (`body.ticket_id`); the form holds the chosen options. */
function formFieldOf(apiField: string): FieldPath<MessageFormValues> | undefined {
  const name = apiField.replace(/^body\./, '');
  if (name === 'ticket_id') return 'ticket';
  if (name === 'customer_id') return 'customer';
  return name in empty ? (name as FieldPath<MessageFormValues>) : undefined;
}

/** Records a message by hand; an inbound one is analysed by the server as it is created. */
export function CreateMessageForm() {
  const form = useZodForm<MessageFormValues>(messageFormSchema, empty);
  const create = useCreateMessage();
  const contentMissing = form.watch('content').trim() === '';

  function save(values: MessageFormValues) {
    create.mutate(values, {
      onSuccess: (message) => {
        form.reset({ ...empty, direction: values.direction, channel: values.channel });
        toast.success('Mensagem criada', {
          description: message.flagged ? 'A mensagem contém termos sinalizados.' : undefined,
        });
      },
      // One error per failure: under the inputs when the API names them, else a toast.
      onError: (error) => {
        if (showServerFieldErrors(form, error, formFieldOf)) return;
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
        <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <PickerField
              form={form}
              name="ticket"
              label="Chamado (opcional)"
              placeholder="Buscar pelo título"
              search={searchTickets}
              searchKey={ticketSearchKey()}
            />
            <PickerField
              form={form}
              name="customer"
              label="Cliente (opcional)"
              placeholder="Buscar por nome ou documento"
              search={searchCustomers}
              searchKey={customerSearchKey()}
            />
            <TextField
              label="ID do especialista (opcional)"
              autoComplete="off"
              {...fieldProps(form, 'expert_id')}
            />
            <SelectField label="Direção" options={directionOptions} {...fieldProps(form, 'direction')} />
            <TextField label="Canal" autoComplete="off" maxLength={50} {...fieldProps(form, 'channel')} />
          </div>
          <TextareaField
            label="Conteúdo"
            rows={3}
            maxLength={10_000}
            placeholder="Escreva a mensagem"
            {...fieldProps(form, 'content')}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={contentMissing || create.isPending} pending={create.isPending}>
              <Send className="size-4" aria-hidden="true" />
              Criar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** A picker bound to the form: its value, its error, and the focus react-hook-form gives it. */
function PickerField({
  form,
  name,
  ...picker
}: { form: UseFormReturn<MessageFormValues>; name: 'ticket' | 'customer' } & Pick<
  SearchPickerProps,
  'label' | 'placeholder' | 'search' | 'searchKey'
>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <SearchPicker
          {...picker}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
