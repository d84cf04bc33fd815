import {
  createCustomerSchema,
  customerListSchema,
  customerSchema,
  errorResponseSchema,
  idParamsSchema,
  listCustomersQuerySchema,
  updateCustomerSchema,
} from '@atende/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './customers.service.ts';

const tags = ['customers'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        tags,
        security,
        summary: 'List customers (search over name, document, company, e-mail; newest first)',
        querystring: listCustomersQuerySchema,
        response: { 200: customerListSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.listCustomers(scope, request.query)),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One customer',
        params: idParamsSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.getCustomer(scope, request.params.id)),
  );

  app.post(
    '/customers',
    {
      schema: {
        tags,
        security,
        summary: 'Create a customer (document: CPF or CNPJ, unique in the tenant)',
        body: createCustomerSchema,
        response: { 201: customerSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await request.tenantTx((scope) => service.createCustomer(scope, request.body));
      return reply.status(201).send(customer);
    },
  );

  app.put(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a customer: send only the changed fields',
        params: idParamsSchema,
        body: updateCustomerSchema,
        response: { 200: customerSchema, 409: errorResponseSchema, ...errors },
      },
    },
    (request) => request.tenantTx((scope) => service.updateCustomer(scope, request.params.id, request.body)),
  );

  app.delete(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a customer; its tickets stay, showing the name they had',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await request.tenantTx((scope) => service.deleteCustomer(scope, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
