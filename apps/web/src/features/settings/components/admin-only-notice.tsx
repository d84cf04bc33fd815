import { ShieldAlert } from 'lucide-react';
import { adminOnlyMessage } from '../../../lib/current-role.ts';

/** Says an agent cannot do what the screen offers admins, and why. */
export function AdminOnlyNotice({ action }: { action: string }) {
  return (
    <p
      role="note"
      className="mb-6 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{adminOnlyMessage(action)}</span>
    </p>
  );
}
