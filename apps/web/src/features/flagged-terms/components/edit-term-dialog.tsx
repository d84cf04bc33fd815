import { type FlaggedTerm, flaggedTermMaxLength } from '@atende/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { updateFlaggedTermKey } from '../api/keys.ts';
import { useUpdateFlaggedTerm } from '../api/update-flagged-term.ts';
import { type TermFormValues, termFormSchema } from './term-form.ts';

interface EditTermDialogProps {
  term: FlaggedTerm;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (Radix's `onCloseAutoFocus`). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Changes a term's text (PUT). Enter or 'Salvar' saves, Escape or 'Cancelar' closes; a refusal
 * is shown by the field (and only there), a success is a toast. Mounted per term (key at the call
 * site).
 */
export function EditTermDialog({ term, onClose, onCloseAutoFocus }: EditTermDialogProps) {
  // Escape or a click outside must not drop a save in flight (and its answer).
  const saving = useIsMutating({ mutationKey: updateFlaggedTermKey }) > 0;
  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent
        title="Editar termo"
        description={<>Novo texto para “{term.term}”.</>}
        size="sm"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <EditTermForm term={term} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function EditTermForm({ term, onDone }: { term: FlaggedTerm; onDone: () => void }) {
  const form = useZodForm<TermFormValues>(termFormSchema, { term: term.term });
  const update = useUpdateFlaggedTerm();

  function save(values: TermFormValues) {
    if (values.term === term.term) {
      onDone(); // nothing changed: nothing to send
      return;
    }
    update.mutateAsync({ id: term.id, term: values.term }).then(
      () => {
        toast.success('Termo atualizado com sucesso');
        onDone();
      },
      (error) => {
        if (showServerFieldErrors(form, error)) return;
        // Anything else is said by the field too: the dialog is where the user is looking.
        const message =
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : 'Não foi possível salvar o termo. Tente novamente.';
        form.setError('term', { type: 'server', message }, { shouldFocus: true });
      },
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-4">
      <TextField
        label="Termo"
        maxLength={flaggedTermMaxLength}
        autoComplete="off"
        {...fieldProps(form, 'term')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={update.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" pending={update.isPending}>
          Salvar
        </Button>
      </DialogFooter>
    </form>
  );
}
