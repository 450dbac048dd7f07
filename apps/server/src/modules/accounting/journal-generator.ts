/**
 * Seeded generators of journal entries, shared by the property/differential tests, the demo data and the
 * benchmark. Accounts are addressed by their default-chart code.
 */
import { addDays, daysBetween, type JournalEntryValues } from '@chobo/core';
import { mulberry32 } from '../../lib/prng.js';

/** mulberry32: a small, fast, seeded PRNG (same seed → same journal). */
export function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
export type Rng = ReturnType<typeof prng>;

type Line = JournalEntryValues['lines'][number];
const dr = (account_id: number, amount: number, tax: Line['tax_category'] = 'none'): Line => ({
  account_id,
  debit: amount,
  credit: 0,
  tax_category: tax,
  customer_id: null,
  memo: null,
});
const cr = (account_id: number, amount: number, tax: Line['tax_category'] = 'none'): Line => ({
  account_id,
  debit: 0,
  credit: amount,
  tax_category: tax,
  customer_id: null,
  memo: null,
});

/** Rounded to 100 yen, at least 100. */
const round100 = (v: number) => Math.max(100, Math.round(v / 100) * 100);

export type Template = (date: string, rng: Rng, scale: number) => JournalEntryValues;

type TemplateTable = Record<string, { weight: number; make: Template }>;

const tax = (v: number) => Math.floor(v * 0.1);

/** 売上・回収・仕入・支払・経費. */
function tradeTemplates(id: (code: string) => number): TemplateTable {
  return {
    credit_sale: {
      weight: 20,
      make: (date, rng, s) => {
        const v = round100(rng.int(50_000, 800_000) * s);
        return {
          date,
          description: '商品売上（掛）',
          lines: [dr(id('1220'), v + tax(v)), cr(id('4110'), v, 'sales_10'), cr(id('2210'), tax(v))],
        };
      },
    },
    cash_sale: {
      weight: 6,
      make: (date, rng, s) => {
        const v = round100(rng.int(5_000, 80_000) * s);
        return {
          date,
          description: '店頭売上',
          lines: [dr(id('1110'), v + tax(v)), cr(id('4110'), v, 'sales_10'), cr(id('2210'), tax(v))],
        };
      },
    },
    collection: {
      weight: 16,
      make: (date, rng, s) => {
        const v = round100(rng.int(50_000, 800_000) * s);
        return { date, description: '売掛金の入金', lines: [dr(id('1120'), v), cr(id('1220'), v)] };
      },
    },
    purchase: {
      weight: 14,
      make: (date, rng, s) => {
        const v = round100(rng.int(30_000, 500_000) * s);
        return {
          date,
          description: '商品仕入（掛）',
          lines: [dr(id('5120'), v, 'purchase_10'), dr(id('1450'), tax(v)), cr(id('2120'), v + tax(v))],
        };
      },
    },
    payment: {
      weight: 11,
      make: (date, rng, s) => {
        const v = round100(rng.int(30_000, 500_000) * s);
        return { date, description: '買掛金の支払', lines: [dr(id('2120'), v), cr(id('1120'), v)] };
      },
    },
    expense: {
      weight: 12,
      make: (date, rng, s) => {
        const [code, name] = rng.pick([
          ['6160', '交通費'],
          ['6170', '通信費'],
          ['6220', '事務用品'],
          ['6210', '電気代'],
          ['6190', '取引先との会食'],
          ['6180', 'ウェブ広告'],
          ['6240', '振込手数料'],
          ['6250', '外注費'],
        ] as const);
        const v = round100(rng.int(1_000, 60_000) * s);
        return {
          date,
          description: name,
          lines: [
            dr(id(code), v, 'purchase_10'),
            dr(id('1450'), tax(v)),
            cr(id(rng.next() < 0.5 ? '1110' : '1120'), v + tax(v)),
          ],
        };
      },
    },
  };
}

/** 給与・社会保険・家賃・減価償却・借入と返済. */
function payrollAndFinancingTemplates(id: (code: string) => number): TemplateTable {
  return {
    payroll: {
      weight: 2,
      make: (date, rng, s) => {
        const g = round100(rng.int(1_500_000, 2_500_000) * s);
        const w = Math.floor(g * 0.15);
        return {
          date,
          description: '給与の支払',
          lines: [dr(id('6120'), g, 'non_taxable'), cr(id('2190'), w), cr(id('1120'), g - w)],
        };
      },
    },
    social: {
      weight: 2,
      make: (date, rng, s) => {
        const v = round100(rng.int(200_000, 400_000) * s);
        return {
          date,
          description: '社会保険料の納付',
          lines: [dr(id('6140'), v), dr(id('2190'), v), cr(id('1120'), v * 2)],
        };
      },
    },
    rent: {
      weight: 2,
      make: (date, _rng, s) => {
        const v = round100(300_000 * s);
        return {
          date,
          description: '事務所家賃',
          lines: [dr(id('6200'), v, 'purchase_10'), dr(id('1450'), tax(v)), cr(id('1120'), v + tax(v))],
        };
      },
    },
    depreciation: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(50_000, 120_000) * s);
        return { date, description: '減価償却費の計上', lines: [dr(id('6260'), v), cr(id('1590'), v)] };
      },
    },
    borrow: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(1_000_000, 5_000_000) * s);
        return { date, description: '長期借入（銀行）', lines: [dr(id('1120'), v), cr(id('2520'), v)] };
      },
    },
    repay: {
      weight: 2,
      make: (date, rng, s) => {
        const v = round100(rng.int(100_000, 300_000) * s);
        const i = round100(v * 0.02);
        return {
          date,
          description: '借入金の返済と利息',
          lines: [dr(id('2520'), v), dr(id('7510'), i), cr(id('1120'), v + i)],
        };
      },
    },
  };
}

/** 短期借入・固定資産・受取利息・税・その他の振替. */
function otherTemplates(id: (code: string) => number): TemplateTable {
  return {
    short_loan: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(500_000, 2_000_000) * s);
        return rng.next() < 0.5
          ? { date, description: '短期借入', lines: [dr(id('1120'), v), cr(id('2130'), v)] }
          : { date, description: '短期借入金の返済', lines: [dr(id('2130'), v), cr(id('1120'), v)] };
      },
    },
    asset_purchase: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(200_000, 1_500_000) * s);
        return {
          date,
          description: 'パソコン・備品の購入',
          lines: [dr(id('1550'), v, 'purchase_10'), dr(id('1450'), tax(v)), cr(id('1120'), v + tax(v))],
        };
      },
    },
    asset_sale: {
      weight: 1,
      make: (date, rng, s) => {
        const cost = round100(rng.int(200_000, 800_000) * s);
        const acc = round100((cost * rng.int(20, 80)) / 100);
        const price = round100(rng.int(0, cost));
        const diff = price + acc - cost;
        const lines = [dr(id('1120'), price), dr(id('1590'), acc), cr(id('1550'), cost)].filter(
          (l) => l.debit + l.credit > 0,
        );
        if (diff > 0) lines.push(cr(id('8110'), diff));
        if (diff < 0) lines.push(dr(id('8510'), -diff));
        return { date, description: '備品の売却', lines };
      },
    },
    interest_income: {
      weight: 1,
      make: (date, rng) => {
        const v = rng.int(1, 3_000);
        return { date, description: '預金利息', lines: [dr(id('1120'), v), cr(id('7110'), v, 'exempt')] };
      },
    },
    income_tax: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(200_000, 1_000_000) * s);
        return rng.next() < 0.5
          ? { date, description: '法人税等の計上', lines: [dr(id('9110'), v), cr(id('2150'), v)] }
          : { date, description: '法人税等の納付', lines: [dr(id('2150'), v), cr(id('1120'), v)] };
      },
    },
    consumption_tax: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(100_000, 600_000) * s);
        return { date, description: '消費税の中間納付', lines: [dr(id('2160'), v), cr(id('1120'), v)] };
      },
    },
    misc: {
      weight: 1,
      make: (date, rng, s) => {
        const v = round100(rng.int(100_000, 1_000_000) * s);
        const kind = rng.int(0, 5);
        if (kind === 0) return { date, description: '配当金の支払', lines: [dr(id('3320'), v), cr(id('1120'), v)] };
        if (kind === 1) return { date, description: '定期預金の預入', lines: [dr(id('1140'), v), cr(id('1120'), v)] };
        if (kind === 2) return { date, description: '貸付金の実行', lines: [dr(id('1230'), v), cr(id('1120'), v)] };
        if (kind === 3) return { date, description: '貸付金の回収', lines: [dr(id('1120'), v), cr(id('1230'), v)] };
        if (kind === 4) return { date, description: '期末商品の振替', lines: [dr(id('1310'), v), cr(id('5130'), v)] };
        return { date, description: '退職給付引当金の繰入', lines: [dr(id('6120'), v), cr(id('2530'), v)] };
      },
    },
  };
}

/** Realistic templates of a small trading company (売上, 仕入, 給与, 家賃, 減価償却, 借入, 税 …), in a fixed order. */
export function templates(id: (code: string) => number): TemplateTable {
  return { ...tradeTemplates(id), ...payrollAndFinancingTemplates(id), ...otherTemplates(id) };
}

/** `count` realistic entries spread over [from, to], sorted by date. */
export function generateEntries(
  id: (code: string) => number,
  opts: { seed: number; from: string; to: string; count: number; scale?: number },
): JournalEntryValues[] {
  const rng = prng(opts.seed);
  const t = Object.values(templates(id));
  const total = t.reduce((s, x) => s + x.weight, 0);
  const days = daysBetween(opts.from, opts.to);
  const out: JournalEntryValues[] = [];
  for (let i = 0; i < opts.count; i++) {
    const date = addDays(opts.from, rng.int(0, days));
    let w = rng.next() * total;
    let chosen = t[0];
    for (const x of t) {
      w -= x.weight;
      if (w < 0) {
        chosen = x;
        break;
      }
    }
    out.push(chosen.make(date, rng, opts.scale ?? 1));
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** A random compound entry over ANY of the given accounts (2–6 lines, balanced), for property tests. */
export function randomCompound(rng: Rng, accountIds: number[], date: string): JournalEntryValues {
  const nd = rng.int(1, 3);
  const nc = rng.int(1, 3);
  const debits = Array.from({ length: nd }, () => rng.int(1, 2_000_000));
  const total = debits.reduce((s, v) => s + v, 0);
  const credits: number[] = [];
  let left = total;
  for (let i = 0; i < nc - 1 && left > 1; i++) {
    const v = rng.int(1, left - 1);
    credits.push(v);
    left -= v;
  }
  credits.push(left);
  return {
    date,
    description: `ランダム仕訳${rng.int(1, 99999)}`,
    lines: [...debits.map((v) => dr(rng.pick(accountIds), v)), ...credits.map((v) => cr(rng.pick(accountIds), v))],
  };
}
