import type { ErrorCode, ErrorResponse, FieldError } from '@atende/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Every code has exactly one status; adding a code without one fails the typecheck. */
const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  unavailable: 503,
  gateway_timeout: 504,
};

/** An error the client may see: services throw it, the error handler answers it as is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** pt-BR, shown to people. */
    readonly detail: string,
    readonly fields?: FieldError[],
  ) {
    super(detail);
  }

  get status() {
    return statusByCode[this.code];
  }
}

export const notFound = (detail = 'Recurso não encontrado.') => new AppError('not_found', detail);

/** Fastify's own client errors, answered with a pt-BR sentence instead of its English text. */
const fastifyClientErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['bad_request', 'O corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    'bad_request',
    'O corpo da requisição está vazio, mas o Content-Type é application/json.',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'O corpo da requisição é grande demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'Content-Length inválido.'],
};

function validationFields(err: FastifyError): FieldError[] {
  const context = err.validationContext ?? 'body';
  return (err.validation ?? []).map((v) => {
    const pointer = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: pointer ? `${context}.${pointer}` : context, message: v.message ?? 'inválido' };
  });
}

/**
 * Input the schemas let through but PostgreSQL refuses (a NUL byte, an invalid encoding, a value
 * out of a type's range): the client's fault, so a 400, never a 500. Class 22 is "data exception".
 */
function isDataTheDatabaseRefused(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Seconds a client should wait before retrying a 503 (unless the answer already says). */
export const retryAfterSeconds = 5;

export const databaseUnavailableDetail =
  'Banco de dados indisponível no momento. Tente novamente em instantes.';

/** The database is down, unreachable, overloaded or timed out: a 503 the client may retry. */
export const databaseUnavailable = () => new AppError('unavailable', databaseUnavailableDetail);

/**
 * SQLSTATEs that say "not now" rather than "never": query_canceled (statement_timeout),
 * lock_not_available (lock_timeout), admin_shutdown, cannot_connect_now, too_many_connections,
 * and class 08 (connection exceptions).
 */
const unavailableSqlStates = /^(57014|55P03|57P01|57P02|57P03|53300|08[0-9A-Z]{3})$/;
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// node-postgres' own messages (it sets no code on them).
const unavailableMessages = [
  'timeout exceeded when trying to connect', // the pool had no connection within connectionTimeoutMillis
  'Connection terminated', // "… unexpectedly", "… due to connection timeout"
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
];

/** True when err (or any error in its cause chain) says the database cannot answer now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e.code === 'unavailable' && e.detail === databaseUnavailableDetail;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableSqlStates.test(code) || unavailableErrnos.has(code)))
      return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && unavailableMessages.some((m) => message.includes(m))) return true;
  }
  return false;
}

function toResponse(err: FastifyError): ErrorResponse & { status: number } {
  if (err instanceof AppError) {
    return { status: err.status, code: err.code, detail: err.detail, fields: err.fields };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = validationFields(err);
    const first = fields[0];
    // `detail` is shown to people as is (the settings screen does): the message alone reads
    // best; `fields` says where.
    return {
      status: 400,
      code: 'validation_error',
      detail: first?.message ?? 'Requisição inválida.',
      fields,
    };
  }
  if (isDatabaseUnavailable(err)) {
    return { status: 503, code: 'unavailable', detail: databaseUnavailableDetail };
  }
  if (isDataTheDatabaseRefused(err)) {
    return {
      status: 400,
      code: 'bad_request',
      detail: 'O texto enviado contém caracteres ou valores inválidos.',
    };
  }
  const known = err.code ? fastifyClientErrors[err.code] : undefined;
  if (known) return { status: statusByCode[known[0]], code: known[0], detail: known[1] };
  if (err.statusCode === 429) {
    return { status: 429, code: 'rate_limited', detail: 'Muitas requisições. Tente novamente em instantes.' };
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: 'bad_request', detail: 'Requisição inválida.' };
  }
  return { status: 500, code: 'internal_error', detail: 'Erro interno do servidor. Tente novamente.' };
}

/** The one error handler: AppError → its status, validation → 400 naming the field, 5xx hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, ...body } = toResponse(err);
    if (status === 503) {
      // Retryable: say when (load shedding sets its own), and log the cause without alarm.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfterSeconds));
      request.log.warn({ err }, 'unavailable');
    } else if (status === 502 || status === 504) {
      // An upstream's failure (DigiSac), already logged with its cause where the call was made.
      request.log.warn({ code: body.code, detail: body.detail }, 'upstream failed');
    } else if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: body.code, detail: body.detail }, 'client error');
    return reply.status(status).send({ ...body, request_id: request.id });
  });
}
