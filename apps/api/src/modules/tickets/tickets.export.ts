// GET /tickets/export.csv: every ticket matching the list's filters, newest first, one row each with
// its newest analysis, for a spreadsheet in Brazilian Portuguese (UTF-8 with BOM, `;` between
// cells, CRLF, comma decimals, São Paulo times). Streamed in constant memory: keyset pages of
// TICKETS_EXPORT_CHUNK_ROWS rows and at most EXPORT_PAGE_MAX_BYTES of text, each read in a short
// tenant transaction of its own (none held while writing: PGlite has one connection), read only
// as fast as the client takes the file; a client that stops taking it is cut off
// (EXPORT_IDLE_TIMEOUT_MS) and a user runs at most EXPORT_MAX_PER_USER at once (lib/exports.ts).
// The times come formatted from the database (tickets.repo exportPage), in São Paulo's zone.

import {
  escalationReasonLabels,
  sentimentLabels,
  solvedStatusLabels,
  urgencyLabels,
} from '@atende/contracts';
import { stringify } from 'csv-stringify';
import type { TenantTx } from '../../db/tenant.ts';
import * as repo from './tickets.repo.ts';

/** Excel holds at most 32,767 characters in a cell; longer content is cut to this. */
export const maxCellChars = 32_000;

/** The header row. With the BOM in front, Excel does not take a file starting "ID" for SYLK. */
export const exportColumns = [
  'ID',
  'Título',
  'Cliente',
  'Criado em',
  'Atualizado em',
  'Marcado',
  'Origem',
  'Protocolo',
  'Sentimento',
  'CSAT',
  'Situação',
  'Complexidade',
  'Urgência',
  'Sinais de alerta',
  'Termos de alerta',
  'Requer escalonamento',
  'Motivos de escalonamento',
  'Conteúdo',
] as const;

/** `YYYY-MM-DD` in São Paulo. */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** The file's name: `chamados-YYYY-MM-DD.csv`, today in São Paulo. */
export const exportFileName = (now = new Date()) => `chamados-${dayFormat.format(now)}.csv`;

/** 7.5 → '7,5' (at most `digits` decimals, no thousands separator). */
export function formatDecimal(value: number, digits: number): string {
  const factor = 10 ** digits;
  return String(Math.round(value * factor) / factor).replace('.', ',');
}

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

/** A code's pt-BR label, or the code itself when it has none (a newer analyzer). */
const labelOf = (labels: Readonly<Record<string, string>>, code: string) => labels[code] ?? code;

/** 'legal_threat' → 'Ameaça de ação judicial' (the contracts' labels are lower case for sentences). */
function reasonLabel(code: string): string {
  const text = escalationReasonLabels[code as keyof typeof escalationReasonLabels];
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : code;
}

/**
 * At most `max` UTF-16 code units (Excel counts those), never half of a surrogate pair. The
 * database already cut the content to as many characters, which may be more units.
 */
export function truncate(text: string, max = maxCellChars): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A ticket as a row of cells, in the order of exportColumns; the analysis cells are empty without
 * one. Formulas (cells starting with =, +, -, @, tab or CR) are neutralised by the stringifier.
 */
export function toCells(row: repo.TicketExportRow): string[] {
  const a = row.analysis;
  return [
    row.id,
    truncate(row.title ?? ''),
    truncate(row.customerName ?? ''),
    row.createdAt,
    row.updatedAt,
    yesNo(row.flagged),
    row.source === 'digisac' ? 'DigiSac' : 'Interno',
    truncate(row.protocol ?? ''),
    a ? labelOf(sentimentLabels, a.sentiment) : '',
    a ? formatDecimal(a.csatScore, 1) : '',
    a ? labelOf(solvedStatusLabels, a.solvedStatus) : '',
    a ? formatDecimal(a.complexityScore, 2) : '',
    a ? labelOf(urgencyLabels, a.urgencyLevel) : '',
    a ? yesNo(a.containsRedFlags) : '',
    a ? truncate(a.redFlagWords.join(', ')) : '',
    a ? yesNo(a.requiresEscalation) : '',
    // '; ' between reasons: some labels hold a comma; the cell is quoted for the separator.
    a ? truncate(a.escalationReasons.map(reasonLabel).join('; ')) : '',
    truncate(row.content),
  ];
}

/** How the export reads: rows per page and bytes of text per page (whichever comes first). */
export interface ExportPaging {
  chunkRows: number;
  maxBytes: number;
}

/** One keyset page in a short tenant transaction of its own. */
export const readPage = (
  read: TenantTx,
  filter: repo.TicketFilter,
  after: repo.TicketCursor | undefined,
  paging: ExportPaging,
) => read(({ tx }) => repo.exportPage(tx, filter, after, paging.chunkRows, maxCellChars, paging.maxBytes));

/**
 * The rows of the file, header first: the pages one after the other, the next one read only when
 * the stream asks for more (one page held, two while the next is read), `first` given when it was
 * read before the answer started.
 */
export async function* exportRows(
  read: TenantTx,
  filter: repo.TicketFilter,
  paging: ExportPaging,
  first?: Awaited<ReturnType<typeof readPage>>,
): AsyncGenerator<string[]> {
  yield [...exportColumns];
  let page = first ?? (await readPage(read, filter, undefined, paging));
  for (;;) {
    for (const row of page.rows) yield toCells(row);
    const last = page.rows.at(-1);
    if (!last || !page.more) return;
    page = await readPage(read, filter, { createdAt: last.cursor, id: last.id }, paging);
  }
}

/**
 * The CSV stringifier the rows are written into; its readable side is the file: UTF-8 with BOM,
 * `;`, CRLF; cells holding a line break, `;` or `"` are quoted, and cells starting with =, +, -,
 * @, tab or CR get a leading `'` (spreadsheet formula injection). lib/exports.ts streamExport
 * writes the rows with backpressure and cuts off a client that stops reading.
 */
export function csvStringifier() {
  return stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    // With a record delimiter given, csv-stringify no longer quotes a lone \n or \r by itself.
    quote_record_delimiter: true,
    escape_formulas: true,
  });
}
