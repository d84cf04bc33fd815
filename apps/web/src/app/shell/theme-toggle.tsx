import { Moon, Sun } from 'lucide-react';
import { cn, focusRing } from '../../components/ui/cn.ts';
import { useTheme } from '../../lib/theme.ts';

/** The header's light/dark switch; the choice is remembered (else the system's theme is used). */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label="Tema escuro"
      title={dark ? 'Usar tema claro' : 'Usar tema escuro'}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        focusRing,
      )}
    >
      {dark ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
    </button>
  );
}
