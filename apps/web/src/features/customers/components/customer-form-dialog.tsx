import { type Customer, documentProblem } from '@atende/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import { saveCustomerKey } from '../api/keys.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import {
  type CustomerFormValues,
  changedFields,
  createPayload,
  formValuesOf,
} from '../lib/changed-fields.ts';
import { failureDescription } from './failure.tsx';

interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new customer. */
  customer: Customer | null;
}

/** Add or edit a customer; the dialog is remounted per customer (see the key at the call site). */
export function CustomerFormDialog({ open, onOpenChange, customer }: CustomerFormDialogProps) {
  // Escape or a click outside must not drop a save in flight (and its result toast).
  const saving = useIsMutating({ mutationKey: saveCustomerKey }) > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent
        title={customer ? 'Editar cliente' : 'Novo cliente'}
        description="Nome e documento (CPF ou CNPJ) são obrigatórios."
      >
        <CustomerForm customer={customer} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The form's checks, with the API's own pt-BR messages (the API checks the same again). */
const customerFormSchema = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório.'),
  document: z
    .string()
    .trim()
    .min(1, 'Documento é obrigatório.')
    .superRefine((value, ctx) => {
      const problem = documentProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  company: z.string(),
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, 'E-mail inválido.'),
  phone: z.string(),
}) satisfies z.ZodType<CustomerFormValues>;

function CustomerForm({ customer, onDone }: { customer: Customer | null; onDone: () => void }) {
  const form = useZodForm<CustomerFormValues>(customerFormSchema, formValuesOf(customer));
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const pending = create.isPending || update.isPending;

  /** One error per failure: under the inputs when the API names them, else a toast. */
  const failed = (fallback: string) => (error: unknown) => {
    if (showServerFieldErrors(form, error)) return;
    toast.error('Falha na Operação', { description: failureDescription(fallback, error) });
  };

  function save(values: CustomerFormValues) {
    if (!customer) {
      create.mutate(createPayload(values), {
        onSuccess: (created) => {
          toast.success('Cliente Criado', { description: created.name });
          onDone();
        },
        onError: failed('Falha ao criar cliente. Tente novamente.'),
      });
      return;
    }
    const changes = changedFields(customer, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: customer.id, changes },
      {
        onSuccess: (updated) => {
          toast.success('Cliente Atualizado', { description: updated.name });
          onDone();
        },
        onError: failed('Falha ao atualizar cliente. Tente novamente.'),
      },
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-4">
      <TextField label="Nome" required autoComplete="off" maxLength={200} {...fieldProps(form, 'name')} />
      <TextField
        label="Documento"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        hint="CPF (11 dígitos) ou CNPJ (14 dígitos); a pontuação é opcional."
        {...fieldProps(form, 'document')}
      />
      <TextField label="Empresa" autoComplete="off" maxLength={200} {...fieldProps(form, 'company')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          maxLength={320}
          {...fieldProps(form, 'email')}
        />
        <TextField
          label="Telefone"
          type="tel"
          autoComplete="off"
          maxLength={40}
          {...fieldProps(form, 'phone')}
        />
      </div>
      <UnsavedChangesGuard when={form.formState.isDirty && !pending} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" pending={pending}>
          {customer ? 'Salvar' : 'Criar cliente'}
        </Button>
      </DialogFooter>
    </form>
  );
}
