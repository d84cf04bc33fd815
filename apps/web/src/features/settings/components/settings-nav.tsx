import { NavLink } from 'react-router';
import { cn, focusRing } from '../../../components/ui/cn.ts';

const sections = [
  { to: '/settings', label: 'Conta' },
  { to: '/settings/digisac', label: 'DigiSac' },
  { to: '/settings/equipe', label: 'Equipe' },
  { to: '/settings/auditoria', label: 'Auditoria' },
] as const;

/** The sections of Configurações, above each of its screens. */
export function SettingsNav() {
  return (
    <nav aria-label="Seções das configurações" className="mb-6 flex gap-1 border-b border-slate-200">
      {sections.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end
          className={({ isActive }) =>
            cn(
              '-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium',
              focusRing,
              isActive
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
