import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

/**
 * Asks before leaving a screen with unsaved changes: a link or the back button inside the app
 * (react-router's blocker, only when the path changes) and closing or reloading the tab (the
 * browser's own question). One per screen: the router keeps one blocker at a time.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Sair sem salvar?"
      description="Há alterações não salvas nesta tela. Se sair agora, elas serão perdidas."
      confirmLabel="Sair sem salvar"
      cancelLabel="Continuar editando"
      destructive
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
