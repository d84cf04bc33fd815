import { z } from 'zod';

/** The error codes the API answers with; each maps to exactly one HTTP status. */
export const errorCodes = [
  'bad_request',
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  /** An upstream service (DigiSac) answered wrongly or could not be reached: 502. */
  'bad_gateway',
  'unavailable',
  /** An upstream service (DigiSac) did not answer in time: 504. */
  'gateway_timeout',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({
  /** Where the problem is: `body.name`, `querystring.page`, `params.id`. */
  field: z.string(),
  message: z.string(),
});

/** The body of every error answer of the product API. */
export const errorResponseSchema = z.object({
  code: z.enum(errorCodes),
  /** A pt-BR sentence a person can read. */
  detail: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  request_id: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
