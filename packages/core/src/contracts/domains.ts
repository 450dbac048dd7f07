import { z } from 'zod';
import { COMPANY_PERMISSIONS, DOMAIN_ROLES } from '../permissions.js';
import { idDto, listQuery, requiredText, timestampDto } from './common.js';

/**
 * A fully qualified host name: labels of letters, digits and hyphens, at least one dot, a letter TLD.
 * `localhost` is accepted too (the default domain of a local installation).
 */
export function isValidFqdn(value: string): boolean {
  if (value === 'localhost') return true;
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (!/^[a-z]{2,63}$/i.test(labels[labels.length - 1])) return false;
  return labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(l));
}

export const domainInput = z.object({
  name: requiredText('ドメイン名', 100),
  host: z
    .string({ error: 'ホスト名を入力してください' })
    .trim()
    .toLowerCase()
    .min(1, 'ホスト名を入力してください')
    .refine(isValidFqdn, 'ホスト名は「example.co.jp」のような形式で入力してください'),
  roles: z
    .array(z.enum(DOMAIN_ROLES, { error: 'ロールが正しくありません' }))
    .default([])
    .transform((v) => [...new Set(v)]),
  permissions: z
    .array(z.enum(COMPANY_PERMISSIONS, { error: '権限が正しくありません' }))
    .default([])
    .transform((v) => [...new Set(v)]),
  is_default: z.boolean({ error: '既定の指定が正しくありません' }).default(false),
});
export type DomainInput = z.input<typeof domainInput>;
export type DomainValues = z.output<typeof domainInput>;

export const domainDto = z.object({
  id: idDto,
  name: z.string(),
  host: z.string(),
  roles: z.array(z.enum(DOMAIN_ROLES)),
  permissions: z.array(z.enum(COMPANY_PERMISSIONS)),
  is_default: z.boolean(),
  logo_url: z.string().nullable(),
  companies_count: z.number().int(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Domain = z.infer<typeof domainDto>;

export const DOMAIN_SORTABLE = ['id', 'name', 'host', 'created_at'] as const;
export const domainListQuery = listQuery(DOMAIN_SORTABLE, { defaultSort: 'id', defaultDir: 'asc' });
export type DomainListQuery = z.infer<typeof domainListQuery>;
