import { MessageCircle } from 'lucide-react';
import { Badge } from './ui/badge.tsx';

/**
 * Says a row came from DigiSac (a ticket, with its protocol: `DigiSac #2025000123`; a customer,
 * without). Rows made in Atende show none.
 */
export function DigisacBadge({ protocol }: { protocol?: string | null }) {
  const number = protocol?.trim() ? protocol.trim().replace(/^#/, '') : null;
  return (
    <Badge
      tone="blue"
      title={number ? `Conversa do DigiSac, protocolo ${number}` : 'Veio do DigiSac'}
      data-testid="digisac-badge"
    >
      <MessageCircle className="size-3" aria-hidden="true" />
      DigiSac
      {number && <span className="tabular-nums">#{number}</span>}
    </Badge>
  );
}
