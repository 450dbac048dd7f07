/**
 * Demo 消費税の申告書 of 株式会社サンプル商事 (issue 27): the closed year's return filled from its books exactly as
 * 「帳簿から作成」 does (一般課税, 売上 割戻し・仕入 積上げ), and its settlement posted from the return
 * (仮受消費税等 and 仮払消費税等 closed against 未払消費税等, the rounding to 雑収入 / 雑損失). Run by the year end
 * of demo-accounting.ts before the 法人税 entry and the close (a closed year refuses the settlement).
 * 基準期間の課税売上高 is taken as the year's own 課税売上高 (the demo has no books of two years before): over
 * 1,000万円, so the comparison shows the 2割特例 refused with its reason and 簡易課税 computed beside 一般課税.
 */
import type { CompanyCtx } from '../../lib/context.js';
import {
  fillConsumptionTaxReturn,
  postConsumptionTaxEntry,
  saveConsumptionTaxReturn,
} from '../../modules/consumption-tax/consumption-tax-actions.js';

export async function seedDemoConsumptionTax(ctx: CompanyCtx, fiscalYearId: number) {
  const filled = await fillConsumptionTaxReturn({ ctx, input: { fiscal_year_id: fiscalYearId } });
  const saved = await saveConsumptionTaxReturn({
    ctx,
    input: {
      fiscal_year_id: fiscalYearId,
      inputs: {
        ...filled.inputs,
        main_business_type: 2,
        base_period_taxable_sales: filled.result?.taxable_sales ?? 0,
      },
      updated_at: filled.updated_at,
    },
  });
  return postConsumptionTaxEntry({
    ctx,
    input: { fiscal_year_id: fiscalYearId, updated_at: saved.updated_at as string },
  });
}
