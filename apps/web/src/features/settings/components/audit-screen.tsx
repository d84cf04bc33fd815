import {
  type AuditAction,
  type AuditEntry,
  auditActionLabels,
  auditActions,
  maxListRows,
  type Role,
  roleLabels,
} from '@atende/contracts';
import { Download, ScrollText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useCurrentRole } from '../../../lib/current-role.ts';
import { formatDateTime, inputToDay } from '../../../lib/format.ts';
import { type AuditFilters, getWholeAudit, useAudit } from '../api/get-audit.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { SettingsNav } from './settings-nav.tsx';

const invalidDay = 'Data inválida: use dd/mm/aaaa.';

const actionOptions = auditActions.map((action) => ({ value: action, label: auditActionLabels[action] }));

/** A row's change in a few words: the fields changed, the before → after of each. */
export function describeDetails(entry: Pick<AuditEntry, 'action' | 'details'>): string {
  const details = entry.details as Record<string, unknown>;
  if (typeof details.reason === 'string') {
    const reasons: Record<string, string> = {
      wrong_password: 'senha incorreta',
      disabled: 'acesso desativado',
      invitation_expired: 'convite expirado',
    };
    return reasons[details.reason] ?? details.reason;
  }
  if (Array.isArray(details.fields)) return `Campos: ${details.fields.join(', ')}`;
  if (Array.isArray(details.terms)) return `${details.terms.length} termo(s): ${details.terms.join(', ')}`;
  const parts: string[] = [];
  for (const [field, value] of Object.entries(details)) {
    if (value && typeof value === 'object' && 'before' in value && 'after' in value) {
      const { before, after } = value as { before: unknown; after: unknown };
      parts.push(`${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    } else if (field === 'role') parts.push(`papel: ${roleLabels[value as Role] ?? String(value)}`);
  }
  return parts.join('; ');
}

/** The rows as a CSV file (everything the filters find, as far as the paging reaches). */
function toCsv(entries: AuditEntry[]): string {
  const quote = (value: string | null) => `"${(value ?? '').replaceAll('"', '""')}"`;
  const header = ['Quando', 'Quem', 'Ação', 'Alvo', 'Detalhes', 'Endereço', 'Navegador'];
  const rows = entries.map((e) =>
    [
      e.created_at,
      e.actor_email,
      auditActionLabels[e.action] ?? e.action,
      e.target,
      describeDetails(e),
      e.ip,
      e.user_agent,
    ]
      .map(quote)
      .join(','),
  );
  return [header.map(quote).join(','), ...rows].join('\r\n');
}

function downloadCsv(entries: AuditEntry[]) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${toCsv(entries)}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'auditoria.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** /settings/auditoria: who did what in the organisation (admins only; kept 400 days). */
export function AuditScreen() {
  const role = useCurrentRole();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const [startDay, setStartDay] = useState('');
  const [endDay, setEndDay] = useState('');
  const [dayError, setDayError] = useState<{ start?: string; end?: string }>({});
  const audit = useAudit(filters, { enabled: role === 'admin' });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const { entries, complete } = await getWholeAudit(filters);
      downloadCsv(entries);
      if (!complete) {
        toast.warning(`O arquivo traz os ${maxListRows.toLocaleString('pt-BR')} registros mais recentes.`, {
          description: 'Refine os filtros (quem, ação, período) para exportar os demais.',
        });
      }
    } catch (error) {
      toast.error('Não foi possível exportar a auditoria.', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  }

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const start = startDay === '' ? undefined : inputToDay(startDay);
    const end = endDay === '' ? undefined : inputToDay(endDay);
    setDayError({
      start: start === null ? invalidDay : undefined,
      end: end === null ? invalidDay : undefined,
    });
    if (start === null || end === null) return;
    setFilters({
      page: 1,
      actor: text('actor'),
      action: text('action') as AuditAction | undefined,
      start_date: start,
      end_date: end,
    });
  }

  return (
    <>
      <PageHeader
        title="Auditoria"
        description="Quem fez o quê na sua organização: logins, configurações, termos, pessoas e exportações. Os registros são mantidos por 400 dias."
        actions={
          role === 'admin' &&
          audit.data && (
            <Button
              variant="secondary"
              disabled={audit.data.entries.length === 0}
              pending={exporting}
              pendingLabel="Exportando…"
              onClick={exportCsv}
            >
              <Download className="size-4" aria-hidden="true" />
              Exportar CSV
            </Button>
          )
        }
      />
      <SettingsNav />
      {role === 'agent' ? (
        <AdminOnlyNotice action="ver a auditoria" />
      ) : (
        <Card>
          <CardContent>
            <form
              noValidate
              onSubmit={applyFilters}
              className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
              aria-label="Filtros da auditoria"
            >
              <TextField label="Quem (e-mail)" name="actor" autoComplete="off" />
              <SelectField label="Ação" name="action" options={actionOptions} placeholder="Todas" />
              <DateField label="De" value={startDay} onValueChange={setStartDay} error={dayError.start} />
              <DateField label="Até" value={endDay} onValueChange={setEndDay} error={dayError.end} />
              <Button type="submit">Filtrar</Button>
            </form>
          </CardContent>
          <div className="border-t border-slate-200">
            {audit.isPending ? (
              <SkeletonList label="Carregando auditoria…" />
            ) : audit.isError ? (
              <LoadError
                title="Não foi possível carregar a auditoria."
                onRetry={() => void audit.refetch()}
                retrying={audit.isRefetching}
              />
            ) : audit.data.entries.length === 0 ? (
              <EmptyState
                icon={ScrollText}
                title="Nenhum registro encontrado"
                description="Tente ajustar os filtros de busca"
              />
            ) : (
              <>
                <TableContainer label="Registros da auditoria">
                  <Table>
                    <TableHead>
                      <TableRow>
                        <TableHeaderCell>Quando</TableHeaderCell>
                        <TableHeaderCell>Quem</TableHeaderCell>
                        <TableHeaderCell>Ação</TableHeaderCell>
                        <TableHeaderCell>Alvo</TableHeaderCell>
                        <TableHeaderCell>Detalhes</TableHeaderCell>
                        <TableHeaderCell>Endereço</TableHeaderCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {audit.data.entries.map((entry) => (
                        <TableRow key={entry.id}>
                          <TableCell className="whitespace-nowrap">
                            {formatDateTime(entry.created_at)}
                          </TableCell>
                          <TableCell>{entry.actor_email ?? '—'}</TableCell>
                          <TableCell>{auditActionLabels[entry.action] ?? entry.action}</TableCell>
                          <TableCell className="break-words">{entry.target ?? '—'}</TableCell>
                          <TableCell className="break-words text-slate-600">
                            {describeDetails(entry)}
                          </TableCell>
                          <TableCell
                            className="whitespace-nowrap text-slate-600"
                            title={entry.user_agent ?? ''}
                          >
                            {entry.ip ?? '—'}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                <Pagination
                  className="p-4"
                  page={filters.page}
                  total={audit.data.total}
                  totalIsEstimate={audit.data.total_is_estimate}
                  perPage={audit.data.per_page}
                  onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
                />
              </>
            )}
          </div>
        </Card>
      )}
    </>
  );
}
