import {
  type BankCsvMapping,
  type BankCsvMappingValues,
  type BankRule,
  type BankRuleValues,
  isUserPattern,
} from '@chobo/core';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { accounts, bankCsvMappings, bankRules, bankStatementRows, customers } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { compileRule, rewriteDescription, splitLines } from './rules.js';
import { visibleImports } from './visibility.js';

export const RULE_NOT_FOUND = '自動仕訳ルールが見つかりません';
export const MAPPING_NOT_FOUND = '列の対応付けが見つかりません';

/* ---------------------------------------------------------------- rules */

type RuleRow = typeof bankRules.$inferSelect;
const toRule = (r: RuleRow): BankRule => ({
  ...r,
  regex_refused: r.description_regex !== null && !isUserPattern(r.description_regex),
  direction: r.direction as BankRule['direction'],
  amount_min: r.amount_min === null ? null : Number(r.amount_min),
  amount_max: r.amount_max === null ? null : Number(r.amount_max),
  splits: r.splits as BankRule['splits'],
  updated_at: r.updated_at.toISOString(),
});

export async function listRules(tenant: Tenant): Promise<BankRule[]> {
  const rows = await tenant.db
    .select()
    .from(bankRules)
    .where(eq(bankRules.company_id, tenant.companyId))
    .orderBy(asc(bankRules.priority), asc(bankRules.id));
  return rows.map(toRule);
}

export async function loadRule(tenant: Tenant, id: number): Promise<BankRule | null> {
  const [row] = await tenant.db
    .select()
    .from(bankRules)
    .where(and(eq(bankRules.company_id, tenant.companyId), eq(bankRules.id, id)));
  return row ? toRule(row) : null;
}

/** Accounts and the customer of a rule must be this company's (active accounts). */
async function checkRefs(tenant: Tenant, input: BankRuleValues) {
  const found = await tenant.db
    .select({ id: accounts.id, active: accounts.is_active })
    .from(accounts)
    .where(eq(accounts.company_id, tenant.companyId));
  const ok = new Set(found.filter((a) => a.active).map((a) => a.id));
  const errors: Record<string, string[]> = {};
  if (!ok.has(input.account_id)) errors.account_id = ['勘定科目が見つかりません'];
  input.splits.forEach((s, i) => {
    if (!ok.has(s.account_id)) errors[`splits.${i}.account_id`] = ['勘定科目が見つかりません'];
  });
  if (input.customer_id !== null) {
    const [c] = await tenant.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.company_id, tenant.companyId),
          eq(customers.id, input.customer_id),
          isNull(customers.deleted_at),
        ),
      );
    if (!c) errors.customer_id = ['取引先が見つかりません'];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export async function createRule({ ctx, input }: ActionArgs<CompanyCtx, BankRuleValues>) {
  return ctx.db.transaction(async (tx) => {
    await checkRefs({ ...ctx, db: tx }, input);
    const [row] = await tx
      .insert(bankRules)
      .values({ ...input, company_id: ctx.companyId })
      .returning();
    const after = toRule(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_rule.create',
      targetType: 'bank_rule',
      targetId: row.id,
      after,
    });
    return after;
  });
}

export async function updateRule({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, BankRuleValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankRules)
      .where(and(eq(bankRules.company_id, ctx.companyId), eq(bankRules.id, id)))
      .for('update');
    if (!row) throw notFound(RULE_NOT_FOUND);
    assertFresh(row.updated_at, updated_at, '自動仕訳ルール');
    await checkRefs({ ...ctx, db: tx }, input);
    const [next] = await tx
      .update(bankRules)
      .set({ ...input, updated_at: nextVersion(bankRules.updated_at) })
      .where(eq(bankRules.id, id))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_rule.update',
      targetType: 'bank_rule',
      targetId: id,
      before: toRule(row),
      after: toRule(next),
    });
    return toRule(next);
  });
}

export async function deleteRule({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadRule({ ...ctx, db: tx }, id);
    if (!before) throw notFound(RULE_NOT_FOUND);
    await tx.update(bankStatementRows).set({ rule_id: null }).where(eq(bankStatementRows.rule_id, id));
    await tx.delete(bankRules).where(eq(bankRules.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_rule.delete',
      targetType: 'bank_rule',
      targetId: id,
      before,
    });
  });
}

/**
 * What a rule (not saved yet) would match over the company's past rows (newest first, at most 5,000 read):
 * how many, and the first 50 with the lines it would make.
 */
export async function previewRule(tenant: Tenant, input: BankRuleValues) {
  const rule = compileRule({ ...input, id: 0, splits: input.splits });
  const rows = await tenant.db
    .select({
      id: bankStatementRows.id,
      date: bankStatementRows.date,
      direction: bankStatementRows.direction,
      amount: bankStatementRows.amount,
      description: bankStatementRows.description,
      search: bankStatementRows.description_search,
      counterparty_name: bankStatementRows.counterparty_name,
    })
    .from(bankStatementRows)
    .where(
      // through the company's imports (bank_statement_rows_import_idx): rows have no company-wide index;
      // a 'processing' import's rows are not shown (docs/adr/0027)
      and(
        eq(bankStatementRows.company_id, tenant.companyId),
        sql`${bankStatementRows.import_id} in ${visibleImports(tenant.companyId)}`,
      ),
    )
    .orderBy(desc(bankStatementRows.date), desc(bankStatementRows.id))
    .limit(5000);
  const hits = rows.filter((r) =>
    rule.test({
      direction: r.direction as 'in',
      amount: Number(r.amount),
      search: r.search,
      counterparty_name: r.counterparty_name,
    }),
  );
  return {
    total: hits.length,
    rows: hits.slice(0, 50).map((r) => {
      const amount = Number(r.amount);
      const plan = splitLines(amount, input, input.splits);
      const description = rewriteDescription(input.description_template, { ...r, amount });
      return {
        id: r.id,
        date: r.date,
        direction: r.direction as 'in' | 'out',
        amount,
        description,
        lines: plan
          ? [plan.main, ...plan.splits].map((l) => ({
              account_id: l.account_id,
              amount: l.amount,
              description: l.description ?? description,
            }))
          : [],
      };
    }),
  };
}

/* ---------------------------------------------------------------- CSV column mappings */

type MappingRow = typeof bankCsvMappings.$inferSelect;
const toMapping = ({ company_id: _c, created_at: _d, ...m }: MappingRow): BankCsvMapping => ({
  ...m,
  updated_at: m.updated_at.toISOString(),
});

export async function listMappings(tenant: Tenant): Promise<BankCsvMapping[]> {
  const rows = await tenant.db
    .select()
    .from(bankCsvMappings)
    .where(eq(bankCsvMappings.company_id, tenant.companyId))
    .orderBy(asc(bankCsvMappings.id));
  return rows.map(toMapping);
}

export async function loadMapping(tenant: Tenant, id: number) {
  const [row] = await tenant.db
    .select()
    .from(bankCsvMappings)
    .where(and(eq(bankCsvMappings.company_id, tenant.companyId), eq(bankCsvMappings.id, id)));
  return row ? toMapping(row) : null;
}

export async function createMapping({ ctx, input }: ActionArgs<CompanyCtx, BankCsvMappingValues>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankCsvMappings)
      .values({ ...input, company_id: ctx.companyId })
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_csv_mapping.create',
      targetType: 'bank_csv_mapping',
      targetId: row.id,
      after: toMapping(row),
    });
    return toMapping(row);
  });
}

export async function updateMapping({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, BankCsvMappingValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankCsvMappings)
      .where(and(eq(bankCsvMappings.company_id, ctx.companyId), eq(bankCsvMappings.id, id)))
      .for('update');
    if (!row) throw notFound(MAPPING_NOT_FOUND);
    assertFresh(row.updated_at, updated_at, '列の対応付け');
    const [next] = await tx
      .update(bankCsvMappings)
      .set({ ...input, updated_at: nextVersion(bankCsvMappings.updated_at) })
      .where(eq(bankCsvMappings.id, id))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_csv_mapping.update',
      targetType: 'bank_csv_mapping',
      targetId: id,
      before: toMapping(row),
      after: toMapping(next),
    });
    return toMapping(next);
  });
}

export async function deleteMapping({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadMapping({ ...ctx, db: tx }, id);
    if (!before) throw notFound(MAPPING_NOT_FOUND);
    await tx.delete(bankCsvMappings).where(eq(bankCsvMappings.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_csv_mapping.delete',
      targetType: 'bank_csv_mapping',
      targetId: id,
      before,
    });
  });
}
