import { QueryClientProvider } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { useTheme } from '../lib/theme.ts';
import { TOAST_OPENS_ON_CLICK } from '../lib/toast-click.ts';

// A toast closes after 5 s, or sooner when clicked. Sonner only closes through its close
// button, so a click anywhere else on a toast presses that button — or, on a toast marked
// TOAST_OPENS_ON_CLICK (a live alert), its action (open the ticket, mark it read).
function closeClickedToast(event: MouseEvent<HTMLDivElement>) {
  if (!(event.target instanceof Element)) return;
  if (event.target.closest('button, a')) return; // the toast's own actions do their own thing
  const toast = event.target.closest('[data-sonner-toast]');
  if (!toast) return;
  const pressed = toast.classList.contains(TOAST_OPENS_ON_CLICK) ? '[data-action]' : '[data-close-button]';
  toast.querySelector<HTMLButtonElement>(pressed)?.click();
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegated click; each toast has a real close button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users use that close button */}
      <div onClick={closeClickedToast} className="print:hidden">
        <Toaster
          theme={theme}
          position="top-right"
          // Below the 56 px header, so a toast never hides the notification bell.
          offset={{ top: 68, right: 16 }}
          mobileOffset={{ top: 64, right: 8, left: 8 }}
          duration={5000}
          closeButton
          richColors
          containerAriaLabel="Avisos"
          toastOptions={{
            closeButtonAriaLabel: 'Fechar aviso',
            className: 'cursor-pointer',
            // Darker text than sonner's rich colours: WCAG AA contrast on the tinted backgrounds.
            classNames: {
              error: 'text-red-800!',
              success: 'text-emerald-800!',
              warning: 'text-amber-900!',
              info: 'text-blue-800!',
            },
          }}
        />
      </div>
    </QueryClientProvider>
  );
}
