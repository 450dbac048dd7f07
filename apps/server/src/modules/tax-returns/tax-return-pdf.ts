import { rgb } from '@cantoo/pdf-lib';
import {
  CORPORATE_NUMBER_BOXES,
  rowField,
  TAX_RETURN_LINE_LABELS,
  TAX_RETURN_ROW_BOXES,
  type TaxReturn,
} from '@chobo/core';
import { japanesePdf, pdfBytes } from '../../lib/pdf.js';
import { A4 } from '../invoices/pdf-sheet.js';
import { FIELD_H, FILL, FORM, type FormPen, formPen, MUTED, WARN } from './form-pen.js';

/**
 * 別表一 as printed, on one A4 page (Noto Sans JP, subset): header (提出日, 税務署, 納税地, 法人名・フリガナ,
 * 法人番号 in 13 boxes, 代表者, 事業種目, 資本金, 事業年度 in 和暦), lines 1–44 each in 11 digit boxes (法人税 on
 * the left, 地方法人税 on the right), the refund bank account, and the notice that the filer checks it.
 * Drawn from the same form data the preview screen shows, in sections: title, header, lines, refund, footer.
 */

const { W, H } = A4;
const M = 26;

const LEFT_LINES = Array.from({ length: 27 }, (_, i) => i + 1);
const RIGHT_LINES = Array.from({ length: 17 }, (_, i) => i + 28);

const HX = M;
const HW = W - 2 * M;
const ROW_H = FIELD_H;
const COL_W = (HW - 8) / 2;

/** The form's title, the 提出日 and the 税務署; returns where the header starts. */
function title(p: FormPen, f: TaxReturn['form']) {
  let y = H - M - 12;
  p.text('各事業年度の所得に係る申告書 － 内国法人の分', M, y, { font: p.bold, size: 12 });
  p.text('別表一', W - M, y, { font: p.bold, size: 11, right: true, color: FORM });
  y -= 16;
  const era = f.fiscal_year_to_era || '令和';
  p.text(
    `${era}${f.shinsei_year || '　'}年${f.shinsei_month || '　'}月${f.shinsei_day || '　'}日 提出　　${f.tax_office || '　　　　'} 税務署長殿`,
    M,
    y,
    { size: 8.5 },
  );
  p.text('申告の種類：確定', W - M, y, { size: 8, right: true, color: MUTED });
  return y;
}

/** The header block: 納税地 … 代表者住所, 法人番号 in boxes, the 事業年度; returns the y below it. */
function header(p: FormPen, f: TaxReturn['form'], top: number) {
  const { field, rect, label, boxes, text } = p;
  let y = top - 8;
  y -= ROW_H;
  field('納税地', f.tax_place, HX, y, HW * 0.66);
  field('電話番号', [f.tel_01, f.tel_02, f.tel_03].filter(Boolean).join('－'), HX + HW * 0.66, y, HW * 0.34);
  y -= ROW_H;
  field('（フリガナ）', f.corporate_name_furigana, HX, y, HW * 0.66, 7.5);
  field('事業種目', f.business_type, HX + HW * 0.66, y, HW * 0.34);
  y -= ROW_H;
  field('法人名', f.corporate_name, HX, y, HW * 0.66, 10);
  const capital = /^\d+$/.test(f.amount_investment_capital)
    ? `${Number(f.amount_investment_capital).toLocaleString('en-US')}円`
    : f.amount_investment_capital;
  field('期末資本金の額', capital, HX + HW * 0.66, y, HW * 0.34);
  y -= ROW_H + 2;
  rect(HX, y, HW * 0.66, ROW_H + 2, FILL);
  label('法人番号', HX + 3, y + ROW_H - 6, 5.8);
  const corp = Array.from(
    { length: CORPORATE_NUMBER_BOXES },
    (_, i) => f[`corporate_number_${String(i + 1).padStart(2, '0')}`] ?? '',
  );
  boxes(corp, HX + 56, y + 2, 14, ROW_H - 2, false);
  field('法人区分', f.industry, HX + HW * 0.66, y, HW * 0.34);
  y -= ROW_H;
  field('（フリガナ）', f.representative_name_furigana, HX, y, HW * 0.66, 7.5);
  field(
    '整理番号',
    Array.from({ length: 8 }, (_, i) => f[`company_number_0${i + 1}`] ?? '').join(''),
    HX + HW * 0.66,
    y,
    HW * 0.34,
  );
  y -= ROW_H;
  field('代表者', f.representative_name, HX, y, HW * 0.66, 9.5);
  field('旧納税地・旧法人名', f.former_tax_corporate_name, HX + HW * 0.66, y, HW * 0.34);
  y -= ROW_H;
  field('代表者住所', f.representative_address, HX, y, HW);
  y -= ROW_H + 4;
  const period = (k: 'fiscal_year' | 'taxable_year') =>
    `自 ${f[`${k}_from_era`]}${f[`${k}_from_year`]}年${f[`${k}_from_month`]}月${f[`${k}_from_day`]}日　至 ${f[`${k}_to_era`]}${f[`${k}_to_year`]}年${f[`${k}_to_month`]}月${f[`${k}_to_day`]}日`;
  rect(HX, y, HW, ROW_H + 2, FILL);
  label('事業年度分の法人税 確定申告書', HX + 3, y + 7, 7);
  text(f.fiscal_year_from_year ? period('fiscal_year') : '', HX + 130, y + 6, { size: 9, font: p.bold });
  label('（課税事業年度分の地方法人税 確定申告書 同期間）', HX + HW * 0.6, y + 7, 7);
  return y;
}

/** Lines 1–27 (法人税) on the left and 28–44 (地方法人税) on the right; returns the y below each column. */
function lines(p: FormPen, data: TaxReturn, top: number) {
  const { text, rect, label, fit, boxes } = p;
  const bw = 11.2;
  const bh = 15;
  const step = bh + 3;
  const lineRow = (n: number, x: number, yy: number) => {
    const key = String(n);
    const overridden = data.overrides[key] !== undefined;
    rect(x, yy, COL_W, step, overridden ? rgb(1, 0.97, 0.85) : undefined, 0.3);
    text(String(n), x + 8, yy + 6, { center: true, size: 7, font: p.bold, color: FORM });
    label(fit(TAX_RETURN_LINE_LABELS[key], COL_W - 16 - bw * TAX_RETURN_ROW_BOXES - 4, 6.3), x + 16, yy + 6.5, 6.3);
    const chars = Array.from({ length: TAX_RETURN_ROW_BOXES }, (_, i) => data.form[rowField(n, i + 1)] ?? '');
    boxes(chars, x + COL_W - bw * TAX_RETURN_ROW_BOXES - 1, yy + 1.5, bw, bh);
  };
  const column = (heading: string, numbers: number[], x: number) => {
    let y = top;
    text(heading, x, y - 8, { font: p.bold, size: 7.5, color: FORM });
    y -= 12;
    for (const n of numbers) {
      y -= step;
      lineRow(n, x, y);
    }
    return y;
  };
  const ly = column('法人税額の計算', LEFT_LINES, HX);
  const ry = column('地方法人税額の計算', RIGHT_LINES, HX + COL_W + 8);
  return { ly, ry };
}

/** 防衛特別法人税 and the refund bank account (right column, below line 44); returns the y below them. */
function refund(p: FormPen, data: TaxReturn, top: number) {
  const { text, rect, label, fit } = p;
  const f = data.form;
  const rx = HX + COL_W + 8;
  let ry = top - 16;
  const d = data.defense_special_corporate_tax;
  text(
    d.applies
      ? `防衛特別法人税額（別表）: ${d.amount.toLocaleString('en-US')}円`
      : '防衛特別法人税: この事業年度は対象外',
    rx,
    ry,
    { size: 7, color: MUTED },
  );
  ry -= 14;
  text('還付を受けようとする金融機関等', rx, ry, { font: p.bold, size: 7.5, color: FORM });
  const bank = [
    ['銀行等', `${f.bank_name}${f.bank_kind ? ` ${f.bank_kind}` : ''}`],
    ['本店・支店', `${f.bank_branch_name}${f.bank_branch_kind ? ` ${f.bank_branch_kind}` : ''}`],
    ['預金種類', f.bank_deposit_type],
    ['口座番号', f.bank_number],
    ['ゆうちょ銀行の貯金記号番号', [f.bankpost_symbol, f.bankpost_number].filter(Boolean).join('－')],
    ['郵便局名等', f.bankpost_office],
  ];
  for (const [k, v] of bank) {
    ry -= 14;
    rect(rx, ry, COL_W, 13, undefined, 0.3);
    label(k, rx + 3, ry + 4, 6.3);
    text(fit(v, COL_W - 110, 8), rx + 104, ry + 3.5, { size: 8 });
  }
  return ry;
}

/** The notice that the filer checks the draft. */
function footer(p: FormPen, bottom: number) {
  const fy = bottom - 20;
  p.text(
    '※ この申告書は帳簿から作成した下書きです。提出前に各金額・記載事項を必ずご自身（または税理士）で確認してください。',
    M,
    Math.max(fy, M + 10),
    { size: 7, color: WARN },
  );
  p.text('黄色の行は手入力の金額です。', M, Math.max(fy, M + 10) - 10, { size: 6.5, color: MUTED });
}

export async function taxReturnPdf(data: TaxReturn): Promise<Buffer> {
  const f = data.form;
  const { doc, regular, bold } = await japanesePdf({
    title: `確定申告書（別表一） ${data.fiscal_year.label}`,
    author: f.corporate_name || 'Chobo',
  });
  const p = formPen(doc.addPage([W, H]), regular, bold);
  const headerBottom = header(p, f, title(p, f));
  const { ly, ry } = lines(p, data, headerBottom - 8);
  footer(p, Math.min(ly, refund(p, data, ry)));
  return pdfBytes(doc);
}
