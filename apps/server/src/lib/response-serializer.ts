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

/**
 * Serialises answers through the route's response schema (zod `safeEncode`): undeclared fields are
 * stripped, so nothing leaves that the route does not declare.
 *
 * When the data does not match its schema:
 * - `strict` (tests): throws, so the request answers 500 and the test fails loudly with the zod issues;
 * - otherwise (production): logs an error with the route and the issues and sends the data unchecked
 *   (`JSON.stringify`) — a schema slip never costs the user the answer.
 */
export function responseSerializerCompiler(opts: {
  strict: boolean;
  log: FastifyBaseLogger;
}): FastifySerializerCompiler<ResponseSchema> {
  return ({ schema, method, url, httpStatus }) => {
    const zod = zodOf(schema);
    const route = `${method} ${url} (${httpStatus})`;
    return (data) => {
      const result = z.safeEncode(zod, data);
      if (result.success) return JSON.stringify(result.data);
      const error = new ResponseMismatchError(route, result.error.issues);
      if (opts.strict) {
        // the error handler turns it into a bare 500: print the issues where the test output shows them
        console.error(error.message);
        throw error;
      }
      opts.log.error({ route, issues: result.error.issues }, 'response does not match its schema; sent unchecked');
      return JSON.stringify(data);
    };
  };
}
