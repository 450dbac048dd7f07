import { z } from 'zod';

/**
 * The 200 of a route that only sends a file (reply.send of a Buffer, string or stream with its own
 * Content-Type): documented per media type; the serializer never sees such a payload.
 */
export function fileResponse(contentTypes: string[], description: string) {
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: z.string() }])),
  };
}
