import {
  isValidRegistrationNumber,
  type OcrField,
  type OcrFieldValues,
  registrationNumberCorrections,
} from '@chobo/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { lookupRegistration, lookupRegistrations, todayInJapan } from '../registry/registry.queries.js';

/**
 * The OCR result checked against the offline registry (issue 29, docs/adr/0046): run on the extracted fields
 * before they are stored — the reading rules themselves are core's (ocr-layout / ocr-extract).
 *
 * - A 登録番号 whose check digit fails is corrected when exactly one single-digit change gives a valid number
 *   that the registry holds (the read value kept in `read_value`, a 要確認 warning says so).
 * - A 登録番号 the registry holds gives the issuer: its 氏名又は名称 replaces the read name (`source:
 *   'registry'`, the read name kept in `read_value` as the cross-check); when they differ the issuer field is
 *   flagged 要確認.
 * - A number the registry shows not valid on the transaction date (取消・失効・登録前), or does not hold, is
 *   flagged 要確認 on the 登録番号 field.
 *
 * With no registry imported nothing is checked (the fields are returned as read).
 */

export type RegistryOcrField = OcrField<string> & { read_value?: string | null; source?: 'registry' };

const STATUS_LABEL = { cancelled: '取消', expired: '失効', not_yet: '登録前' } as const;

/** A name made comparable: NFKC, no spaces, the short legal forms written out. */
export function comparableName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/\(株\)|㈱/g, '株式会社')
    .replace(/\(有\)|㈲/g, '有限会社')
    .replace(/\(同\)/g, '合同会社');
}

export async function checkOcrAgainstRegistry(db: DbOrTx, fields: OcrFieldValues): Promise<OcrFieldValues> {
  const read = fields.registration_number.value;
  if (!read) return fields;
  const [{ any }] = await sqlRows<{ any: boolean }>(db, sql`select exists (select 1 from registry_entries) as any`);
  if (!any) return fields;
  const out: OcrFieldValues = { ...fields };
  let number = read;
  if (!isValidRegistrationNumber(read)) {
    const candidates = registrationNumberCorrections(read);
    const held = candidates.length ? [...(await lookupRegistrations(db, candidates)).keys()] : [];
    if (held.length !== 1) return fields; // no or several corrections the registry holds: left as read
    number = held[0];
    out.registration_number = {
      ...fields.registration_number,
      value: number,
      confidence: Math.max(fields.registration_number.confidence, 0.8),
      read_value: read,
      warning: `要確認: 読み取った「${read}」はチェックデジットが一致しないため、1桁違いで登録簿にある「${number}」に直しました`,
    } as RegistryOcrField;
  }
  const date = fields.transaction_date.value ?? todayInJapan();
  const entry = await lookupRegistration(db, number, date);
  if (!entry) {
    out.registration_number = {
      ...out.registration_number,
      warning: '要確認: この登録番号は登録簿（国税庁の公表データ）にありません',
    };
    return out;
  }
  if (!entry.valid_on_date) {
    const status = STATUS_LABEL[entry.status as keyof typeof STATUS_LABEL] ?? entry.status;
    const when = fields.transaction_date.value ? `取引日（${date}）` : `今日（${date}）`;
    out.registration_number = {
      ...out.registration_number,
      warning: `要確認: この登録番号は${when}に有効ではありません（${status}）`,
    };
  }
  const readName = fields.issuer_name.value;
  const issuer: RegistryOcrField = {
    ...fields.issuer_name,
    value: entry.name,
    confidence: 1,
    source: 'registry',
    read_value: readName,
  };
  delete issuer.warning;
  if (readName && comparableName(readName) !== comparableName(entry.name)) {
    issuer.warning = `要確認: 読み取った名称「${readName}」が登録簿の名称と違います（登録簿の名称にしました）`;
  }
  out.issuer_name = issuer;
  return out;
}
