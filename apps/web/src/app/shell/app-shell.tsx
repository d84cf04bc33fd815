import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogIn, Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn, focusRing } from '../../components/ui/cn.ts';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../features/auth/context/use-auth.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { pageTitle } from './menu.ts';
import { SidebarContent } from './sidebar-content.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts.ts';

/** A session without a tenant cannot use any screen: 'Sessão expirada.' and a way back to /login. */
function SessionExpired() {
  const { signOut } = useAuth();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 text-center shadow-xs">
        <BrandLogo className="text-lg" />
        <h1 className="mt-4 text-lg font-semibold text-slate-900">Sessão expirada.</h1>
        <p className="mt-1 text-sm text-slate-600">Faça login novamente.</p>
        <Button className="mt-5 w-full" onClick={signOut}>
          <LogIn className="size-4" aria-hidden="true" />
          Ir para Login
        </Button>
      </div>
    </main>
  );
}

/** The menu as a drawer from the left on narrow screens (Radix Dialog: focus trap, Escape). */
function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the screen changes (e.g. Alt shortcuts)
  useEffect(() => setOpen(false), [pathname]);
  // Wide enough for the sidebar (a tablet turned sideways): an open drawer, hidden there, would
  // still hold the page inert.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1024px)');
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        className={cn(
          'flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
          focusRing,
        )}
        aria-label="Abrir menu"
      >
        <Menu className="size-5" aria-hidden="true" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-slate-200 bg-white shadow-xl outline-none lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label="Fechar menu"
            className={cn(
              'absolute top-2.5 right-2.5 flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800',
              focusRing,
            )}
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
          <SidebarContent onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** While a lazily loaded screen arrives. */
function ScreenLoading() {
  return (
    <div className="space-y-6">
      <div className="h-8 w-48 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none" />
      <SkeletonList rows={6} />
    </div>
  );
}

/**
 * Layout route around every protected screen: the side menu (a drawer on narrow screens), a skip
 * link, the Alt shortcuts, the page title and an error boundary per screen.
 */
export function AppShell() {
  const { user, signOut } = useAuth();
  const { pathname } = useLocation();
  useKeyboardShortcuts(signOut);
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  useEffect(
    () => () => {
      document.title = 'Atende'; // back to the public screens' title
    },
    [],
  );

  if (!user?.tenantId) return <SessionExpired />;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-brand-600"
      >
        Pular para o conteúdo
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block print:hidden">
        <SidebarContent />
      </aside>
      {/* One header at every width: the menu and logo on narrow screens (the sidebar has them on
          wide ones), the notification bell always. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 lg:ml-64 print:hidden">
        <div className="flex items-center gap-2 lg:hidden">
          <MobileDrawer />
          <BrandLogo className="text-lg" />
        </div>
        <div className="ml-auto flex items-center gap-1 pr-1 lg:pr-6">
          <ThemeToggle />
          <NotificationBell tenantId={user.tenantId} />
        </div>
      </header>
      <main id="conteudo" tabIndex={-1} className="min-w-0 outline-none lg:pl-64 print:pl-0">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}
