import {
  type FlaggedTerm,
  flaggedTermMaxLength,
  flaggedTermMessages,
  normaliseTermText,
} from '@atende/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { updateFlaggedTermKey } from '../api/keys.ts';
import { useUpdateFlaggedTerm } from '../api/update-flagged-term.ts';
import { termProblem } from './term-problem.ts';

interface EditTermDialogProps {
  term: FlaggedTerm;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (Radix's `onCloseAutoFocus`). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Changes a term's text. Enter or 'Salvar' saves, Escape or 'Cancelar' closes; a refusal is
 * shown by the field (and only there), a success is a toast. Mounted per term (key at the call site).
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
  const [text, setText] = useState(term.term);
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateFlaggedTerm();

  function refuse(message: string) {
    setProblem(message);
    input.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = normaliseTermText(text);
    if (next === '') {
      refuse(flaggedTermMessages.blank);
      return;
    }
    if (next === term.term) {
      onDone(); // nothing changed: nothing to send
      return;
    }
    setProblem(undefined);
    update.mutateAsync({ id: term.id, term: next }).then(
      () => {
        toast.success('Termo atualizado com sucesso');
        onDone();
      },
      (error) => refuse(termProblem(error) ?? 'Não foi possível salvar o termo. Tente novamente.'),
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        ref={input}
        label="Termo"
        value={text}
        maxLength={flaggedTermMaxLength}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          setProblem(undefined); // a stale refusal must not outlive the text it was about
        }}
        error={problem}
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
