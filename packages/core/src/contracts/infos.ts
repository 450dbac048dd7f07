import { z } from 'zod';
import { listQuery, requiredText } from './common.js';

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
    domain_id: z.coerce.number().int().positive().nullish(),
    company_id: z.coerce.number().int().positive().nullish(),
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

export interface Info {
  id: number;
  title: string;
  body: string;
  published_at: string;
  ends_at: string | null;
  audience: keyof typeof INFO_AUDIENCES;
  domain_id: number | null;
  company_id: number | null;
  is_important: boolean;
  created_at: string;
  updated_at: string;
}

export interface CompanyInfo extends Pick<Info, 'id' | 'title' | 'body' | 'published_at' | 'ends_at' | 'is_important'> {
  read: boolean;
}

export const INFO_SORTABLE = ['id', 'title', 'published_at', 'created_at'] as const;
export const infoListQuery = listQuery(INFO_SORTABLE, { defaultSort: 'published_at', defaultDir: 'desc' });
export type InfoListQuery = z.infer<typeof infoListQuery>;
