import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. 'Tem certeza que deseja excluir este cliente?' */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for actions that destroy data. */
  destructive?: boolean;
  /** While the action runs: the confirm button spins and the dialog stays open. */
  pending?: boolean;
  onConfirm: () => void;
  /**
   * Where the focus goes once it closes (Radix's `onCloseAutoFocus`; by default back to what
   * opened it). After a deletion the opener is gone: call `event.preventDefault()` and focus a
   * neighbour instead, never leaving the focus on the page's body.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Asks before doing something hard to undo. Controlled: the caller opens it and closes it
 * (usually in the mutation's onSettled), so a failure can keep it open.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  destructive = false,
  pending = false,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        title={title}
        description={description}
        size="sm"
        showClose={false}
        role="alertdialog"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogFooter className="mt-0">
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={destructive ? 'danger' : 'primary'} pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
