import { z } from 'zod';
import { idDto, timestampDto } from './common.js';

/* Answers of the reference and status routes (health, prefectures, postal codes) and the admin home. */

/** `GET /api/health` */
export const healthDto = z.object({ status: z.string(), database: z.enum(['pglite', 'postgres']) });

/** `GET /api/prefectures`: JIS code → name. */
export const prefecturesDto = z.object({ data: z.record(z.string(), z.string()) });

/** One answer row of `GET /api/search-zipcode`. */
export const zipcodeResultDto = z.object({
  zipcode: z.string(),
  prefecture_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  town: z.string(),
});
export type ZipcodeResult = z.infer<typeof zipcodeResultDto>;

export const zipcodeSearchDto = z.object({ results: z.array(zipcodeResultDto) });

/** `GET /api/admin/dashboard`: the counts of the admin home and the latest sign-ups. */
export const adminDashboardDto = z.object({
  companies: z.object({ active: z.number().int(), suspended: z.number().int() }),
  admins: z.number().int(),
  pending_invitations: z.object({ admin: z.number().int(), company: z.number().int() }),
  infos: z.object({ total: z.number().int(), current: z.number().int() }),
  latest_companies: z.array(
    z.object({
      id: idDto,
      name: z.string(),
      status: z.string(),
      domain_name: z.string().nullable(),
      created_at: timestampDto,
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardDto>;
