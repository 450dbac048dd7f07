import { describe, expect, it } from 'vitest';
import { signInAs, waitForPath } from './support/app';
import { download } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

/**
 * A day of the open fiscal year (it starts on 1 April) up to today in Tokyo, drawn per try: a retry's
 * document is then not a duplicate of the first try's (same supplier, date and amount).
 */
function dayThisYear(): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const [y, m] = today.split('-').map(Number);
  const start = Date.UTC(m >= 4 ? y : y - 1, 3, 1);
  const days = Math.floor((Date.parse(`${today}T00:00:00Z`) - start) / 86_400_000);
  return new Date(start + Math.floor(Math.random() * (Math.min(days, 180) + 1)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** A demo supplier with a 登録番号 (matched by it on import, so no customer is added to the demo's list). */
const SUPPLIER = { name: '株式会社しずおか茶園', rn: 'T8080001011122' };

const block = (xml: string, tag: string) => {
  const m = xml.match(new RegExp(`<cac:${tag}>[\\s\\S]*?</cac:${tag}>`));
  if (!m) throw new Error(`no ${tag} in the exported XML`);
  return m[0];
};

/**
 * The exported invoice turned into one received from a supplier: the customer's party becomes the seller (a
 * demo supplier's name and T-number), the demo company the buyer, all its dates `date`.
 */
function asReceived(exported: string, supplier: { name: string; rn: string }, date: string): string {
  const seller = block(exported, 'AccountingSupplierParty');
  const buyer = block(exported, 'AccountingCustomerParty');
  const buyerRn = buyer.match(/schemeID="0221">(T\d{13})</)?.[1] ?? '';
  const buyerName = buyer.match(/<cbc:Name>([^<]*)<\/cbc:Name>/)?.[1] ?? '';
  const newSeller = buyer
    .replaceAll('AccountingCustomerParty', 'AccountingSupplierParty')
    .replaceAll(buyerRn, supplier.rn)
    .replaceAll(`>${buyerName}<`, `>${supplier.name}<`);
  const newBuyer = seller
    .replaceAll('AccountingSupplierParty', 'AccountingCustomerParty')
    // a buyer carries no 法人番号 legal id in our export; the seller's is dropped with its role
    .replace(/<cbc:CompanyID schemeID="0188">\d{13}<\/cbc:CompanyID>\s*/, '');
  return (
    exported
      .replace(seller, '\u0000SELLER\u0000')
      .replace(buyer, '\u0000BUYER\u0000')
      .replace('\u0000SELLER\u0000', newSeller)
      .replace('\u0000BUYER\u0000', newBuyer)
      .replace(/<cbc:ID>(\d+)<\/cbc:ID>/, `<cbc:ID>R-$1-${Date.now() % 100_000}</cbc:ID>`)
      // every date (issue, due, period, lines) the one drawn
      .replace(/>\d{4}-\d{2}-\d{2}</g, `>${date}<`)
  );
}

/** The same, broken as senders break it: no 登録番号, the first rate's tax one yen under its floor, no buyer. */
function broken(received: string): string {
  const sub = received.match(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/)?.[0] ?? '';
  const base = Number(sub.match(/<cbc:TaxableAmount currencyID="JPY">(-?\d+)</)?.[1]);
  const percent = Number(sub.match(/<cbc:Percent>(\d+)</)?.[1]);
  const tax = Number(sub.match(/<cbc:TaxAmount currencyID="JPY">(-?\d+)</)?.[1]);
  const off = Math.floor((base * percent) / 100) - 1;
  const brokenSub = sub.replace(`<cbc:TaxAmount currencyID="JPY">${tax}<`, `<cbc:TaxAmount currencyID="JPY">${off}<`);
  return received
    .replace(sub, brokenSub)
    .replace(/<cbc:EndpointID schemeID="0221">T\d{13}<\/cbc:EndpointID>\s*/, '')
    .replace(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>T\d{13}<\/cbc:CompanyID>[\s\S]*?<\/cac:PartyTaxScheme>\s*/, '')
    .replace(/<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>\s*/, '');
}

describe('電子インボイス（JP PINT）', () => {
  const browser = useBrowser();

  it('downloads an issued invoice as XML, imports received ones on the 発注取引 list (one clean, one 要確認 with its findings) and refuses a file that is not XML', async () => {
    await withPage(browser(), [/422/], async ({ page }) => {
      await signInAs(page, 'owner');
      // an issued invoice of the demo year: its 電子インボイス beside its PDF
      await page.goto('/company/transactions?tab=invoices');
      await page.getByTestId('invoice-row').filter({ hasText: '送付済' }).first().click();
      await waitForPath(page, '/company/invoices/edit');
      const xmlButton = page.getByRole('button', { name: '電子インボイス（XML）' });
      await xmlButton.waitFor();
      const file = await download(page, () => xmlButton.click());
      expect(file.filename).toMatch(/^請求書_\d+\.xml$/);
      const exported = file.bytes.toString('utf8');
      expect(exported).toContain('<cbc:CustomizationID>urn:peppol:pint:billing-1@jp-1</cbc:CustomizationID>');

      const supplier = SUPPLIER;
      const received = asReceived(exported, supplier, dayThisYear());

      await page.goto('/company/transaction-documents');
      const drop = page.getByTestId('einvoice-dropzone').locator('input[type="file"]');
      await drop.waitFor({ state: 'attached' });
      // not XML: refused with the file named, nothing stored
      await drop.setInputFiles({ name: 'scan.xml', mimeType: 'application/xml', buffer: Buffer.from('%PDF-1.4 x') });
      await page
        .getByRole('alert')
        .filter({ hasText: '電子インボイス（UBL 2.1 の Invoice の XML）ではありません' })
        .waitFor();
      expect(await page.getByTestId('einvoice-result').count()).toBe(0);

      await drop.setInputFiles([
        { name: 'received.xml', mimeType: 'application/xml', buffer: Buffer.from(received) },
        { name: 'broken.xml', mimeType: 'application/xml', buffer: Buffer.from(broken(received)) },
      ]);
      await page.getByText('2件の電子インボイスを取り込みました（要確認があります）').waitFor();
      const results = page.getByTestId('einvoice-result');
      expect(await results.count()).toBe(2);
      const clean = results.filter({ hasText: 'received.xml' });
      expect(await clean.textContent()).toContain(supplier.name);
      // matched by its 登録番号: no supplier added
      expect(await clean.textContent()).not.toContain('取引先を新規登録');
      expect(await clean.getByText('要確認').count()).toBe(0);
      expect(await clean.getByTestId('einvoice-findings').count()).toBe(0);
      const bad = results.filter({ hasText: 'broken.xml' });
      await bad.getByText('要確認').waitFor();
      const findings = (await bad.getByTestId('einvoice-findings').textContent()) ?? '';
      expect(findings).toContain('売り手の登録番号（適格請求書発行事業者登録番号）がありません');
      expect(findings).toContain('買い手の電子アドレス（EndpointID）がありません');
      expect(findings).toContain('端数処理の範囲');
      expect(findings).toContain('aligned-ibrp-051-jp');
      await shots(page, 'einvoice-import-result');

      // the broken one's page: 要確認, the findings and its XML as version 1
      await bad.getByRole('link').first().click();
      await waitForPath(page, '/company/transaction-documents/edit');
      await page.getByText('要確認').first().waitFor();
      await page.getByTestId('einvoice-findings').waitFor();
      await page.getByText('broken.xml').first().waitFor();
      // the XML read as a person reads the invoice, what is missing in red
      const preview = page.getByTestId('einvoice-preview');
      await preview.getByText('請求書（電子インボイス）').waitFor();
      expect(await preview.textContent()).toContain(supplier.name);
      expect(await preview.textContent()).toContain('登録番号 なし');
      expect(await preview.textContent()).toContain('記載なし');
      await shots(page, 'einvoice-document-needs-review');

      // in the list the document says 要確認 beside its state
      const number = received.match(/<cbc:ID>(R-[\d-]+)<\/cbc:ID>/)?.[1] ?? '';
      await page.goto(`/company/transaction-documents?keyword=${encodeURIComponent(number)}`);
      await expect.poll(() => page.getByTestId('document-row').count()).toBe(2);
      expect(await page.getByTestId('needs-review').count()).toBe(1);
      await page
        .getByTestId('document-row')
        .filter({ has: page.getByTestId('needs-review') })
        .waitFor();
    });
  });
});
