import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/** A response schema as a route declares it: a zod schema, or `{ properties: zodSchema }`. */
type ResponseSchema = z.ZodType | { properties: z.ZodType };

function zodOf(schema: ResponseSchema): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if (schema && typeof schema === 'object' && schema.properties instanceof z.ZodType) return schema.properties;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

export class ResponseMismatchError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`the response of ${route} does not match its schema:\n${z.prettifyError(new z.ZodError(issues))}`);
    this.name = 'ResponseMismatchError';
  }
}

type JsonSchema = Record<string, unknown>;

/** The wire JSON schema of a zod schema in the shape fast-json-stringify serialises fastest, or null. */
export function fastSchemaOf(zod: z.ZodType): JsonSchema | null {
  let schema: JsonSchema;
  try {
    schema = z.toJSONSchema(zod, { io: 'input', unrepresentable: 'throw', target: 'draft-7' }) as JsonSchema;
  } catch {
    return null;
  }
  const DROPPED = ['$schema', 'pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'description'];
  /** A map of names (properties, definitions): every key stays. */
  const simplifyMap = (node: JsonSchema): JsonSchema =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplify(value)]));
  const simplify = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(simplify);
    if (!node || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node as JsonSchema)) {
      if (
        ['properties', 'patternProperties', 'definitions', '$defs'].includes(key) &&
        value &&
        typeof value === 'object'
      ) {
        out[key] = simplifyMap(value as JsonSchema);
        continue;
      }
      // validation keywords: zod checks them (tests, samples); they only slow serialisation down
      if (DROPPED.includes(key)) continue;
      out[key] = simplify(value);
    }
    // `A | null` of a primitive A: one type list instead of anyOf (which fast-json-stringify decides with ajv)
    const any = out.anyOf as JsonSchema[] | undefined;
    if (any?.length === 2) {
      const nullAt = any.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
      const other = any[1 - nullAt] as JsonSchema | undefined;
      if (
        nullAt >= 0 &&
        other &&
        typeof other.type === 'string' &&
        ['string', 'integer', 'number', 'boolean'].includes(other.type)
      ) {
        const { anyOf: _, ...rest } = out;
        return { ...rest, ...other, type: [other.type, 'null'] };
      }
      // `object | null`: fast-json-stringify's `nullable` (no ajv decision per answer)
      if (nullAt >= 0 && other && other.type === 'object') {
        const { anyOf: _, ...rest } = out;
        return { ...rest, ...other, nullable: true };
      }
    }
    return out;
  };
  return simplify(schema) as JsonSchema;
}

/** One answer in this many is also checked with zod in production (a schema slip is logged, not sent). */
const SAMPLE_EVERY = 100;

/**
 * Serialises answers through the route's response schema: undeclared fields are stripped, so nothing leaves
 * that the route does not declare.
 *
 * - Production: fast-json-stringify compiled from the schema's JSON schema (what /api/openapi.json shows);
 *   one answer in SAMPLE_EVERY is also checked with zod (`safeEncode`). When the data does not fit (a
 *   required field missing, or the sampled check fails), the route and the zod issues are logged and the
 *   data is sent unchecked (`JSON.stringify`) — a schema slip never costs the user the answer. Schemas that
 *   JSON schema cannot express are serialised by zod.
 * - `strict` (tests): zod `safeEncode` validates every answer and throws on a mismatch (the request answers
 *   500 and the test fails loudly with the zod issues); the fast serialiser's output is then compared with
 *   zod's and a difference throws too, so every test checks that both send the same JSON.
 */
export function responseSerializerCompiler(opts: {
  strict: boolean;
  log: FastifyBaseLogger;
}): FastifySerializerCompiler<ResponseSchema> {
  return ({ schema, method, url, httpStatus }) => {
    const zod = zodOf(schema);
    const route = `${method} ${url} (${httpStatus})`;
    // compiled on the route's first answer, not at start: ≈ 200 routes × statuses of JSON schema conversion and
    // fast-json-stringify code generation were ≈ 20 % of a later start's CPU (ADR 0025)
    let compiled: ((data: unknown) => string) | null | undefined;
    const fastOf = () => {
      if (compiled === undefined) {
        const jsonSchema = fastSchemaOf(zod);
        compiled = jsonSchema ? fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) : null;
      }
      return compiled;
    };
    let calls = 0;
    const viaZod = (data: unknown) => {
      const result = z.safeEncode(zod, data);
      if (result.success) return { ok: true as const, json: JSON.stringify(result.data) };
      return { ok: false as const, error: new ResponseMismatchError(route, result.error.issues) };
    };
    const mismatch = (data: unknown, error: ResponseMismatchError) => {
      opts.log.error({ route, issues: error.issues }, 'response does not match its schema; sent unchecked');
      return JSON.stringify(data);
    };
    if (opts.strict) {
      return (data) => {
        const checked = viaZod(data);
        if (!checked.ok) {
          // the error handler turns it into a bare 500: print the issues where the test output shows them
          console.error(checked.error.message);
          throw checked.error;
        }
        const fast = fastOf();
        if (fast) {
          const quick = fast(data);
          if (!isDeepStrictEqual(JSON.parse(quick), JSON.parse(checked.json))) {
            const error = new Error(`the fast serialiser of ${route} differs from zod:\n${quick}\n${checked.json}`);
            console.error(error.message);
            throw error;
          }
        }
        return checked.json;
      };
    }
    return (data) => {
      const fast = fastOf();
      if (fast && ++calls % SAMPLE_EVERY !== 0) {
        try {
          return fast(data);
        } catch {
          // a required field is missing: zod says which, below
        }
      }
      const checked = viaZod(data);
      return checked.ok ? checked.json : mismatch(data, checked.error);
    };
  };
}
