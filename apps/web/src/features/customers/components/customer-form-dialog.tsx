import type { Customer } from '@atende/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
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

type Problems = Partial<Record<keyof CustomerFormValues, string>>;

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

function CustomerForm({ customer, onDone }: { customer: Customer | null; onDone: () => void }) {
  const [values, setValues] = useState<CustomerFormValues>(() => formValuesOf(customer));
  const [problems, setProblems] = useState<Problems>({});
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const pending = create.isPending || update.isPending;

  const field = (name: keyof CustomerFormValues) => ({
    name,
    value: values[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  function serverProblems(error: unknown) {
    if (!(error instanceof ApiError)) return;
    const found: Problems = {};
    for (const { field: path, message } of error.error?.fields ?? []) {
      const name = path.replace(/^body\./, '') as keyof CustomerFormValues;
      if (name in values) found[name] ??= message;
    }
    setProblems(found);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Problems = {};
    if (values.name.trim() === '') found.name = 'Nome é obrigatório.';
    if (values.document.trim() === '') found.document = 'Documento é obrigatório.';
    setProblems(found);
    if (found.name || found.document) {
      const first = found.name ? 'name' : 'document';
      document.querySelector<HTMLInputElement>(`form[data-customer-form] [name="${first}"]`)?.focus();
      return;
    }

    if (!customer) {
      create.mutate(createPayload(values), {
        onSuccess: (created) => {
          toast.success('Cliente Criado', { description: created.name });
          onDone();
        },
        onError: (error) => {
          serverProblems(error);
          toast.error('Falha na Operação', {
            description: failureDescription('Falha ao criar cliente. Tente novamente.', error),
          });
        },
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
        onError: (error) => {
          serverProblems(error);
          toast.error('Falha na Operação', {
            description: failureDescription('Falha ao atualizar cliente. Tente novamente.', error),
          });
        },
      },
    );
  }

  return (
    <form noValidate data-customer-form onSubmit={submit} className="space-y-4">
      <TextField label="Nome" required autoComplete="off" maxLength={200} {...field('name')} />
      <TextField
        label="Documento"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        hint="CPF (11 dígitos) ou CNPJ (14 dígitos); a pontuação é opcional."
        {...field('document')}
      />
      <TextField label="Empresa" autoComplete="off" maxLength={200} {...field('company')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="E-mail" type="email" autoComplete="off" maxLength={320} {...field('email')} />
        <TextField label="Telefone" type="tel" autoComplete="off" maxLength={40} {...field('phone')} />
      </div>
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
