import { z } from 'zod';
import { idDto, idField, listQuery, requiredText, timestampDto } from './common.js';

export const INFO_AUDIENCES = { all: 'すべての企業', domain: 'ドメイン指定', company: '企業指定' } as const;

const dateTime = (label: string) =>
  z
    .string({ error: `${label}を入力してください` })
    .trim()
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), `${label}の日時が正しくありません`);

export const infoInput = z
  .object({
    title: requiredText('タイトル', 200),
    body: requiredText('本文', 10000),
    published_at: dateTime('公開日時').refine((v) => v !== '', '公開日時を入力してください'),
    ends_at: dateTime('掲載終了日時')
      .nullish()
      .transform((v) => (v ? v : null)),
    audience: z.enum(['all', 'domain', 'company'], { error: '対象を選択してください' }).default('all'),
    domain_id: idField('ドメイン').nullish(),
    company_id: idField('企業').nullish(),
    is_important: z.boolean({ error: '重要の指定が正しくありません' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'domain' && !v.domain_id)
      ctx.addIssue({ code: 'custom', path: ['domain_id'], message: 'ドメインを選択してください' });
    if (v.audience === 'company' && !v.company_id)
      ctx.addIssue({ code: 'custom', path: ['company_id'], message: '企業を選択してください' });
    if (v.ends_at && v.published_at && Date.parse(v.ends_at) <= Date.parse(v.published_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '掲載終了日時は公開日時より後にしてください' });
    }
  });
export type InfoInput = z.input<typeof infoInput>;
export type InfoValues = z.output<typeof infoInput>;

export const infoDto = z.object({
  id: idDto,
  title: z.string(),
  body: z.string(),
  published_at: timestampDto,
  ends_at: timestampDto.nullable(),
  audience: z.enum(['all', 'domain', 'company']),
  domain_id: idDto.nullable(),
  company_id: idDto.nullable(),
  is_important: z.boolean(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Info = z.infer<typeof infoDto>;

export const companyInfoDto = infoDto
  .pick({ id: true, title: true, body: true, published_at: true, ends_at: true, is_important: true })
  .extend({ read: z.boolean() });
export type CompanyInfo = z.infer<typeof companyInfoDto>;

/** `GET /api/company/infos`: the notices a company's users see now, and how many are unread. */
export const companyInfoListDto = z.object({
  data: z.array(companyInfoDto),
  meta: z.object({ unread: z.number().int(), total: z.number().int() }),
});

export const INFO_SORTABLE = ['id', 'title', 'published_at', 'created_at'] as const;
export const infoListQuery = listQuery(INFO_SORTABLE, { defaultSort: 'published_at', defaultDir: 'desc' });
export type InfoListQuery = z.infer<typeof infoListQuery>;
