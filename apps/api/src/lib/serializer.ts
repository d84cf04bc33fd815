import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import type FastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** fast-json-stringify (and the ajv it loads), required by the first answer, not at start. */
const fastJson = (schema: Parameters<typeof FastJson>[0]) =>
  (createRequire(import.meta.url)('fast-json-stringify') as typeof FastJson)(schema);

/** What a compiled stringifier needs of a JSON Schema; the rest (formats, bounds, texts) is dropped. */
const ignoredKeywords = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'default',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);
/** Keywords fast-json-stringify would answer by validating each value (or not at all). */
const branching = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'definitions', '$defs'];

type JsonSchema = { [key: string]: unknown };

/**
 * A response's JSON Schema reduced to what serialising needs, `X | null` written as
 * `type: [X, 'null']`; undefined when it branches otherwise (a union, a reference).
 */
function plain(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(plain);
    return items.includes(undefined) ? undefined : items;
  }
  if (schema === null || typeof schema !== 'object') return schema;
  let out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ignoredKeywords.has(key)) continue;
    if (key === 'properties') {
      const properties: JsonSchema = {};
      for (const [name, property] of Object.entries(value as JsonSchema)) {
        properties[name] = plain(property);
        if (properties[name] === undefined) return undefined;
      }
      out[key] = properties;
      continue;
    }
    const reduced = plain(value);
    if (reduced === undefined) return undefined;
    out[key] = reduced;
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const nonNull = anyOf.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
    const [only] = nonNull;
    if (anyOf.length !== 2 || nonNull.length !== 1 || !only || typeof only.type !== 'string')
      return undefined;
    const { anyOf: _, ...rest } = out;
    out = { ...rest, ...only, type: [only.type, 'null'] };
  }
  return branching.some((key) => key in out) ? undefined : out;
}

/** A compiled stringifier for a zod response schema, or undefined when it cannot have one. */
function compiled(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return undefined; // transforms, dates, custom types: zod serialises them
  }
  const reduced = plain(json);
  if (reduced === undefined) return undefined;
  try {
    return fastJson(reduced as Parameters<typeof FastJson>[0]);
  } catch {
    return undefined; // one fast-json-stringify cannot build: zod's, not a 500 per answer
  }
}

/**
 * Under the tests every compiled answer is also rendered by zod, which refuses an answer that does
 * not match its schema, and the two must say the same: fast-json-stringify would quietly coerce
 * one (1.5 → 1, null → "", an unknown enum value kept), so the suites keep catching drift.
 */
const checkedAgainstZod = process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';

function checked(fast: (data: unknown) => string, zod: (data: unknown) => string) {
  return (data: unknown) => {
    const text = fast(data);
    const expected = zod(data);
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected)))
      throw new Error(
        `compiled serializer differs from zod's: ${text.slice(0, 300)} ≠ ${expected.slice(0, 300)}`,
      );
    return text;
  };
}

/**
 * Fastify's response serializer for the zod schemas (issue 33): a plain answer (objects, arrays,
 * scalars, nullable ones) goes through fast-json-stringify compiled from the schema's JSON Schema,
 * in the schema's key order and without keys it does not declare — what zod's encode and
 * JSON.stringify gave, at a quarter of the cost (770 → 170 µs for a page of 20 tickets). Answers
 * are built by our own services from typed rows, so in production they are not checked against
 * the schema again at send time (under the tests every one is: checkedAgainstZod). Unions,
 * references and anything zod alone can render (transforms) keep zod's serializer. Compiled on
 * first use of each route and status: a start compiles nothing.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const fallback = () => zodSerializerCompiler(route);
  const schema: unknown = route.schema;
  const zodSchema =
    schema instanceof z.ZodType
      ? schema
      : (schema as { properties?: unknown } | undefined)?.properties instanceof z.ZodType
        ? ((schema as { properties: z.ZodType }).properties as z.ZodType)
        : undefined;
  if (!zodSchema) return fallback();
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    if (!stringify) {
      const fast = compiled(zodSchema);
      stringify = !fast ? fallback() : checkedAgainstZod ? checked(fast, fallback()) : fast;
    }
    return stringify(data);
  };
};
