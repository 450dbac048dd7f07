import { sql } from 'drizzle-orm';

/**
 * The imports whose rows are visible: a large import's rows are stored chunk by chunk while it is
 * 'processing' (docs/adr/0027) and show nowhere — lists, counts, matching, rule previews, payments — until
 * its status flips to 'imported' in one statement. Use as `import_id in ${visibleImports(companyId)}`.
 */
export const visibleImports = (companyId: number) =>
  sql`(select id from bank_statement_imports where company_id = ${companyId} and status = 'imported')`;

export const NOT_IMPORTED = '取り込みが完了していない（または取り消された）明細は確定・変更できません';

export const IMPORT_NOT_FOUND = '取り込み履歴が見つかりません';
