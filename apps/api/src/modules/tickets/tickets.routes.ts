import {
  analyzeQuerySchema,
  analyzeTicketBodySchema,
  createTicketSchema,
  errorResponseSchema,
  exportTicketsQuerySchema,
  flagQuerySchema,
  idParamsSchema,
  listTicketsQuerySchema,
  ticketListSchema,
  ticketSchema,
  updateTicketSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamExport, takeExportSlot } from '../../lib/exports.ts';
import * as analysis from '../analysis/analysis.service.ts';
import { actorOf, recordAudit } from '../audit/audit.service.ts';
import { csvStringifier, exportColumns, exportFileName, exportRows, readPage } from './tickets.export.ts';
import * as service from './tickets.service.ts';

const tags = ['tickets'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const exportErrors = { ...errors, 429: errorResponseSchema };

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets',
    {
      schema: {
        tags,
        security,
        summary: 'List tickets, newest first; analysis filters apply to the newest analysis',
        querystring: listTicketsQuerySchema,
        response: { 200: ticketListSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.listTickets(scope, request.query)),
  );

  app.get(
    '/tickets/export.csv',
    {
      schema: {
        tags,
        security,
        summary:
          "Download (chamados-YYYY-MM-DD.csv, today in São Paulo) every ticket matching the list's filters, " +
          'newest first, one row each with its newest analysis: UTF-8 with BOM, `;` between cells, pt-BR ' +
          `headers (${exportColumns.join('; ')}), São Paulo times (dd/MM/yyyy HH:mm:ss), comma decimals, ` +
          "Sim/Não, empty analysis cells without one; cells starting with =, +, -, @ get a leading '; " +
          'content cut to 32,000 characters. 429 (Retry-After) beyond EXPORT_MAX_PER_USER / EXPORT_MAX_PER_TENANT ' +
          'exports at once; a client that takes nothing for EXPORT_IDLE_TIMEOUT_MS is cut off',
        querystring: exportTicketsQuerySchema,
        response: {
          200: {
            description: 'text/csv; charset=utf-8: a header row, then one row per ticket',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...exportErrors,
        },
      },
    },
    async (request, reply) => {
      // The filters (a bad period is a 400) and the first page before the answer starts, so their
      // errors stay JSON; later pages each in a short transaction of their own while streaming.
      // A slot (429 beyond the user's or the tenant's concurrent exports) is held until the answer
      // closes; a client that stops reading is cut off after EXPORT_IDLE_TIMEOUT_MS.
      const filter = service.ticketFilterOf(request.query);
      if (!takeExportSlot(app.exportSlots, request, reply)) return; // the client already left
      // Recorded in a short transaction of its own before the first byte, with its filters.
      await request.tenantTx((scope) =>
        recordAudit(scope, actorOf(request), {
          action: 'export.tickets_csv',
          details: { filters: request.query },
        }),
      );
      const paging = {
        chunkRows: app.config.TICKETS_EXPORT_CHUNK_ROWS,
        maxBytes: app.config.EXPORT_PAGE_MAX_BYTES,
      };
      const first = await readPage(request.tenantTx, filter, undefined, paging);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`);
      const body = streamExport(exportRows(request.tenantTx, filter, paging, first), csvStringifier(), {
        res: reply.raw,
        idleMs: app.config.EXPORT_IDLE_TIMEOUT_MS,
        log: request.log,
        what: 'tickets CSV export',
      });
      // Fastify pipes a stream as is (no serializer); the typed reply only knows the schemas.
      return reply.send(body as unknown as string);
    },
  );

  app.get(
    '/tickets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One ticket with its newest analysis',
        params: idParamsSchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.getTicket(scope, request.params.id)),
  );

  app.post(
    '/tickets',
    {
      schema: {
        tags,
        security,
        summary: 'Create a ticket',
        body: createTicketSchema,
        response: { 201: ticketSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ticket = await request.tenantTx((scope) => service.createTicket(scope, request.body));
      return reply.status(201).send(ticket);
    },
  );

  app.put(
    '/tickets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a ticket: send only the changed fields (customer_id null unlinks)',
        params: idParamsSchema,
        body: updateTicketSchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    (request) =>
      request.tenantTx((scope) => service.updateTicket(app, scope, request.params.id, request.body)),
  );

  app.delete(
    '/tickets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a ticket and its analyses',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await request.tenantTx((scope) => service.deleteTicket(scope, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/tickets/:id/flag',
    {
      schema: {
        tags,
        security,
        summary: 'Flag or unflag a ticket',
        params: idParamsSchema,
        querystring: flagQuerySchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    (request) =>
      request.tenantTx((scope) =>
        service.setTicketFlag(app, scope, request.params.id, request.query.flagged),
      ),
  );

  app.post(
    '/tickets/:id/analyze',
    {
      schema: {
        tags: ['tickets', 'analysis'],
        security,
        summary:
          'Analyse a ticket (sentiment, complexity, CSAT, status, red flags, escalation); an existing analysis is returned unless force_reanalysis',
        params: idParamsSchema,
        querystring: analyzeQuerySchema,
        body: analyzeTicketBodySchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await analysis.analyzeTicket(app, request.tenantTx, id, {
        force: request.body?.force_reanalysis ?? false,
        provider: analysis.checkProvider(app, request.query.provider),
      });
      return request.tenantTx((scope) => service.getTicket(scope, id));
    },
  );
};
