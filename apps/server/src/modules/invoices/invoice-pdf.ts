import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { formatDateJa, type Invoice, type InvoiceParty } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { japanesePdf, pdfBytes } from '../../lib/pdf.js';
import { invoiceParties } from './invoice-parties.js';
import { A4, type Color, pdfPen } from './pdf-sheet.js';

/**
 * The 適格請求書 as an A4 PDF (Noto Sans JP, subset): the six items of the qualified invoice system —
 * issuer and 登録番号, 取引年月日, 取引内容 with 軽減税率 items marked ※, per-rate totals and rates, per-rate
 * 消費税額等, the recipient — plus the amount due, the due date, the bank account and the notes.
 * Issued invoices print their snapshots; a draft prints today's company and customer data, marked 下書き.
 * Drawn in sections, top to bottom: heading, recipient, issuer, amount due, lines, per-rate totals, notes.
 */

const { W, H } = A4;
const M = 40;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.78, 0.78, 0.8);
const HEAD = rgb(0.93, 0.94, 0.96);
const RATE_LABEL: Record<string, string> = {
  '10': '10%対象',
  '8': '8%対象（軽減税率）',
  exempt: '非課税',
  out_of_scope: '対象外',
};

const yen = (v: number) => `${v < 0 ? '-' : ''}¥${Math.abs(v).toLocaleString('en-US')}`;
const num = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });

async function logoImage(doc: PDFDocument, dataUrl: string | null): Promise<PDFImage | null> {
  const m = dataUrl ? /^data:image\/(png|jpeg);base64,(.+)$/.exec(dataUrl) : null;
  if (!m) return null;
  try {
    const bytes = Buffer.from(m[2], 'base64');
    return m[1] === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return null; // a logo that cannot be decoded is left out rather than failing the invoice
  }
}

const postal = (p: string | null | undefined) => (p && /^\d{7}$/.test(p) ? `〒${p.slice(0, 3)}-${p.slice(3)}` : '');

/** The document being drawn: its current page (a long invoice adds pages), the faces, the pen. */
interface Sheet extends ReturnType<typeof pdfPen> {
  doc: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  hline: (x1: number, x2: number, y: number, color?: Color, thickness?: number) => void;
}

function sheet(doc: PDFDocument, regular: PDFFont, bold: PDFFont): Sheet {
  const s: Sheet = {
    doc,
    page: doc.addPage([W, H]),
    regular,
    bold,
    ...pdfPen(() => s.page, { font: regular, size: 9, color: INK }),
    hline: (x1, x2, y, color = RULE, thickness = 0.6) =>
      s.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color }),
  };
  return s;
}

/** 請求書, the draft / void mark, number and date; returns where the parties start. */
function heading(s: Sheet, invoice: Invoice) {
  const { text, bold } = s;
  let y = H - M - 10;
  text('請求書', W / 2, y - 8, { font: bold, size: 22, center: true });
  if (invoice.status === 'draft')
    text('下書き', W - M, y, { font: bold, size: 12, color: rgb(0.8, 0.2, 0.2), right: true });
  if (invoice.status === 'void')
    text('無効（訂正済み）', W - M, y, { font: bold, size: 12, color: rgb(0.8, 0.2, 0.2), right: true });
  y -= 40;
  text(`請求書番号 No.${invoice.number}`, W - M, y, { right: true });
  text(`請求日 ${formatDateJa(invoice.issue_date)}`, W - M, y - 13, { right: true });
  return y;
}

/** The box a logo is fitted into (any aspect ratio, never enlarged past 4×), right-aligned. */
export const LOGO_BOX = { width: 120, height: 40, maxScale: 4 } as const;

/**
 * Where the logo goes: fitted into LOGO_BOX, right-aligned at the margin, its top `top`.
 * The box sits below 請求日 and above the issuer's name, so no text of the header can meet it.
 */
export function logoPlacement(logo: { width: number; height: number }, top: number) {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, LOGO_BOX.maxScale);
  const width = logo.width * scale;
  const height = logo.height * scale;
  return { x: W - M - width, y: top - height, width, height };
}

/** The recipient (left): postal code, address, name 御中 underlined; returns the y of its name. */
function recipientBlock(s: Sheet, recipient: InvoiceParty, y: number) {
  const { text, fit, wrap, bold } = s;
  const rx = M;
  let ry = y;
  if (recipient.postal_code) text(postal(recipient.postal_code), rx, ry, { color: MUTED });
  ry -= 13;
  if (recipient.address) {
    for (const l of wrap(recipient.address, 260)) {
      text(l, rx, ry, { color: MUTED });
      ry -= 12;
    }
  }
  ry -= 6;
  text(`${fit(recipient.name, 250, 14, bold)} ${recipient.honorific ?? '御中'}`, rx, ry, {
    font: bold,
    size: 14,
  });
  s.hline(rx, rx + 280, ry - 5, INK, 0.8);
  return ry;
}

/**
 * The issuer (right): logo, name, 登録番号, postal code, address, TEL; returns the y below it. `dateY` is the
 * baseline of 請求日: with a logo, the logo's box starts below it and the name below the logo.
 */
function issuerBlock(s: Sheet, issuer: InvoiceParty, logo: PDFImage | null, dateY: number) {
  const { text, fit, wrap, bold } = s;
  let iy = dateY - 27;
  const ix = W - M - 220;
  if (logo) {
    const box = logoPlacement(logo, dateY - 8);
    s.page.drawImage(logo, box);
    iy = Math.min(iy, box.y - 16);
  }
  text(fit(issuer.name, 220, 11, bold), ix, iy, { font: bold, size: 11 });
  iy -= 14;
  text(`登録番号 ${issuer.registration_number ?? '（未登録）'}`, ix, iy);
  iy -= 12;
  if (issuer.postal_code) {
    text(postal(issuer.postal_code), ix, iy, { color: MUTED });
    iy -= 12;
  }
  if (issuer.address) {
    for (const l of wrap(issuer.address, 220, 8.5)) {
      text(l, ix, iy, { color: MUTED, size: 8.5 });
      iy -= 11;
    }
  }
  if (issuer.tel) {
    text(`TEL ${issuer.tel}`, ix, iy, { color: MUTED, size: 8.5 });
    iy -= 11;
  }
  return iy;
}

/** ご請求金額 in its box, the due date and the bank account; returns where the lines start. */
function amountDue(s: Sheet, invoice: Invoice, issuer: InvoiceParty, top: number) {
  const { text, fit, bold } = s;
  let y = top;
  text('下記のとおりご請求申し上げます。', M, y);
  y -= 30;
  s.page.drawRectangle({ x: M, y: y - 8, width: 300, height: 30, color: HEAD });
  text('ご請求金額（税込）', M + 10, y + 2, { size: 10 });
  text(yen(invoice.totals.total), M + 290, y + 1, { font: bold, size: 16, right: true });
  y -= 24;
  if (invoice.due_date) {
    text(`お支払期限 ${formatDateJa(invoice.due_date)}`, M, y);
    y -= 13;
  }
  if (issuer.bank_account) {
    text(`お振込先 ${fit(issuer.bank_account, W - M * 2 - 50)}`, M, y);
    y -= 13;
  }
  return y - 10;
}

const COLUMNS = [
  { h: '日付', w: 58, right: false },
  { h: '品目', w: 205, right: false },
  { h: '数量', w: 48, right: true },
  { h: '単位', w: 34, right: false },
  { h: '単価', w: 70, right: true },
  { h: '税率', w: 40, right: false },
  { h: '金額', w: 60, right: true },
];
const TABLE_W = COLUMNS.reduce((sum, c) => sum + c.w, 0);
const rate = (t: string) => (t === '10' ? '10%' : t === '8' ? '8%※' : t === 'exempt' ? '非課税' : '対象外');

/** The lines table, its header repeated on each new page; returns the y below it. */
function linesTable(s: Sheet, invoice: Invoice, top: number) {
  const { text, fit, bold } = s;
  let y = top;
  const head = () => {
    s.page.drawRectangle({ x: M, y: y - 5, width: TABLE_W, height: 17, color: HEAD });
    let x = M;
    for (const c of COLUMNS) {
      text(c.h, c.right ? x + c.w - 4 : x + 4, y, { font: bold, size: 8.5, right: c.right });
      x += c.w;
    }
    y -= 18;
  };
  head();
  for (const l of invoice.lines) {
    if (y < M + 150) {
      s.page = s.doc.addPage([W, H]);
      y = H - M - 10;
      text(`請求書 No.${invoice.number}（続き）`, M, y, { color: MUTED });
      y -= 24;
      head();
    }
    const cells = [
      l.date ? `${Number(l.date.slice(5, 7))}月${Number(l.date.slice(8, 10))}日` : '',
      fit(`${l.description}${l.tax_category === '8' ? ' ※' : ''}`, COLUMNS[1].w - 8),
      num(l.quantity),
      l.unit ?? '',
      yen(l.unit_price),
      rate(l.tax_category),
      yen(l.amount),
    ];
    let x = M;
    cells.forEach((c, i) => {
      text(c, COLUMNS[i].right ? x + COLUMNS[i].w - 4 : x + 4, y, { size: 8.5, right: COLUMNS[i].right });
      x += COLUMNS[i].w;
    });
    s.hline(M, M + TABLE_W, y - 5);
    y -= 16;
  }
  return y;
}

/** Per-rate totals (適格請求書: 税率ごとの対価の額と消費税額等), 小計, 消費税, 合計; returns the y below them. */
function rateTotals(s: Sheet, invoice: Invoice, top: number) {
  const { text, regular, bold } = s;
  let y = top - 8;
  const tx = M + TABLE_W - 250;
  const row = (label: string, a: string, b: string, opts: { bold?: boolean } = {}) => {
    const f = opts.bold ? bold : regular;
    text(label, tx, y, { font: f, size: 9 });
    text(a, tx + 160, y, { font: f, size: 9, right: true });
    text(b, tx + 250, y, { font: f, size: 9, right: true });
    s.hline(tx, tx + 250, y - 5);
    y -= 15;
  };
  s.page.drawRectangle({ x: tx, y: y - 5, width: 250, height: 17, color: HEAD });
  text('税率区分', tx + 4, y, { font: bold, size: 8.5 });
  text('対象額（税抜）', tx + 156, y, { font: bold, size: 8.5, right: true });
  text('消費税額', tx + 246, y, { font: bold, size: 8.5, right: true });
  y -= 18;
  for (const r of invoice.totals.by_rate) {
    row(
      RATE_LABEL[r.tax_category] ?? r.tax_category,
      yen(r.base),
      r.tax_category === '10' || r.tax_category === '8' ? yen(r.tax) : '—',
    );
  }
  row('小計（税抜）', yen(invoice.totals.subtotal), '');
  row('消費税', '', yen(invoice.totals.tax));
  row('合計（税込）', '', yen(invoice.totals.total), { bold: true });
  return y;
}

/** The ※ note, how the tax was computed, and 備考 (at most 8 lines). */
function notes(s: Sheet, invoice: Invoice, top: number) {
  const { text, wrap, bold } = s;
  let y = top - 4;
  if (invoice.lines.some((l) => l.tax_category === '8')) {
    text('※は軽減税率（8%）対象品目です。', M, y, { size: 8.5, color: MUTED });
    y -= 13;
  }
  text(
    `消費税は税率ごとに請求書単位で計算しています（${invoice.tax_mode === 'inclusive' ? '税込価格から算出' : '税抜価格に対して算出'}）。`,
    M,
    y,
    { size: 8.5, color: MUTED },
  );
  y -= 20;
  if (invoice.notes) {
    text('備考', M, y, { font: bold, size: 9 });
    y -= 13;
    for (const l of wrap(invoice.notes, W - M * 2, 9).slice(0, 8)) {
      text(l, M, y, { size: 9 });
      y -= 12;
    }
  }
}

/** n / N at the foot of every page when there is more than one. */
function pageNumbers(s: Sheet) {
  const pages = s.doc.getPages();
  pages.forEach((p, i) => {
    if (pages.length > 1) {
      p.drawText(`${i + 1} / ${pages.length}`, { x: W / 2 - 10, y: 20, size: 8, font: s.regular, color: MUTED });
    }
  });
}

export async function invoicePdf(tenant: Tenant, invoice: Invoice): Promise<Buffer> {
  const parties =
    invoice.issuer && invoice.recipient
      ? { issuer: invoice.issuer, recipient: invoice.recipient }
      : await invoiceParties(tenant, invoice.customer_id);
  const [company] = await tenant.db
    .select({ logo: companies.logo_data })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));

  const { doc, regular, bold } = await japanesePdf({
    title: `請求書 No.${invoice.number}`,
    author: parties.issuer.name,
  });
  const logo = await logoImage(doc, company?.logo ?? null);
  const s = sheet(doc, regular, bold);
  const y = heading(s, invoice);
  const ry = recipientBlock(s, parties.recipient, y);
  const iy = issuerBlock(s, parties.issuer, logo, y - 13);
  const linesTop = amountDue(s, invoice, parties.issuer, Math.min(ry - 30, iy - 14));
  notes(s, invoice, rateTotals(s, invoice, linesTable(s, invoice, linesTop)));
  pageNumbers(s);
  return pdfBytes(doc, { useObjectStreams: true });
}
