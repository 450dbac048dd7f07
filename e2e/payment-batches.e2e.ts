import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi } from './support/api';
import { field, signInAs, toast, waitForPath } from './support/app';
import { download } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

interface Item {
  id: number;
  customer_id: number;
  customer_name: string;
  label: string;
  available: number;
  in_batches: number;
  has_bank_account: boolean;
}
interface Transfer {
  customer_id: number;
  customer_name: string;
  fee: number;
  fee_bearer: 'us' | 'them';
  amount: number;
  payment_id: number | null;
}
interface Batch {
  id: number;
  status: string;
  payment_date: string;
  bank_account_id: number;
  transfers: Transfer[];
  items: { transaction_document_id: number }[];
}
interface BankAccount {
  id: number;
  bank_name: string;
  branch_name: string | null;
  account_type: string | null;
  account_number: string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const accountLabel = (b: BankAccount) =>
  [b.bank_name, b.branch_name, b.account_type, b.account_number].filter(Boolean).join(' ');

const openBatch = async (page: Page, id: number) => {
  await page.goto('/company/payment_management?tab=batches');
  await page
    .getByTestId('batch-row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) })
    .click();
  return page.getByRole('dialog', { name: `振込データ No.${id}` });
};

describe('振込データ（issue 28）', () => {
  const browser = useBrowser();

  it('経理 makes a batch from 支払予定, the owner approves and downloads the 全銀 file, the statement pays it', async () => {
    await withPage(browser(), async ({ page: clerk }) => {
      await signInAs(clerk, 'clerk');
      // today (Tokyo): the demo's earlier fiscal year is closed
      const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

      // 支払予定: open payables of suppliers with a 振込先, one per supplier (two transfers when possible)
      const schedule = (
        await pageApi<{ data: { groups: { items: Item[] }[] } }>(clerk, 'GET', '/api/payment-batches/schedule')
      ).body.data;
      const open = schedule.groups
        .flatMap((g) => g.items)
        .filter((i) => i.has_bank_account && i.available > 0 && i.in_batches === 0);
      const picked = open.filter((i, k) => open.findIndex((o) => o.customer_id === i.customer_id) === k).slice(0, 2);
      expect(picked.length).toBeGreaterThan(0);
      const banks = (await pageApi<{ data: BankAccount[] }>(clerk, 'GET', '/api/company/bank-accounts')).body.data;
      const bank = banks[0] as BankAccount;

      await clerk.goto('/company/payment_management?tab=schedule');
      await clerk.getByTestId('schedule-item').first().waitFor();
      for (const i of picked)
        await clerk.getByRole('checkbox', { name: `${i.customer_name} ${i.label} を選ぶ` }).check();
      const total = picked.reduce((s, i) => s + i.available, 0);
      await clerk.getByText(`${picked.length}件 ¥${total.toLocaleString('en-US')}`).waitFor();
      await field(clerk, '支払日').fill(today);
      await field(clerk, '振込元の口座').click();
      await clerk.getByRole('option', { name: accountLabel(bank) }).click();
      await shots(clerk, 'payment-batches-schedule');
      await clerk.getByRole('button', { name: '振込データを作成' }).click();
      const created = toast(clerk, /振込データ No\.\d+ を作成しました（承認待ち）/);
      await created.waitFor();
      const id = Number((await created.textContent())?.match(/No\.(\d+)/)?.[1]);
      await waitForPath(clerk, '/company/payment_management');
      await clerk.waitForURL((url) => url.searchParams.get('tab') === 'batches');

      // 経理 may not approve: the detail has no 承認
      const clerkDialog = await openBatch(clerk, id);
      await clerkDialog.getByText('承認待ち').waitFor();
      expect(await clerkDialog.getByRole('button', { name: '承認' }).count()).toBe(0);
      await clerk.keyboard.press('Escape');
      await shots(clerk, 'payment-batches-list', 'lenient');

      await withPage(browser(), async ({ page: owner }) => {
        await signInAs(owner, 'owner');
        const dialog = await openBatch(owner, id);
        await dialog.getByRole('button', { name: '承認' }).click();
        await toast(owner, '承認しました').waitFor();
        await dialog.getByText('承認済').waitFor();
        await shots(owner, 'payment-batches-detail', 'all');

        // the 全銀 総合振込 file: 120-byte records, each ended by CRLF (header, one data record per transfer,
        // trailer, end)
        const file = await download(owner, () => dialog.getByRole('button', { name: '全銀ファイル' }).click());
        expect(file.filename).toMatch(/\.txt$/);
        const batch = (await pageApi<{ data: Batch }>(owner, 'GET', `/api/payment-batches/${id}`)).body.data;
        expect(batch.status).toBe('exported');
        expect(batch.payment_date).toBe(today);
        expect(batch.bank_account_id).toBe(bank.id);
        expect(batch.transfers).toHaveLength(picked.length);
        expect(file.bytes.length % 122).toBe(0);
        const records: string[] = [];
        for (let at = 0; at < file.bytes.length; at += 122) {
          expect(file.bytes.subarray(at + 120, at + 122).toString('latin1')).toBe('\r\n');
          records.push(file.bytes.subarray(at, at + 120).toString('latin1'));
        }
        expect(records.map((r) => r[0]).join('')).toBe(`1${'2'.repeat(picked.length)}89`);
        // the data records carry the transfers' amounts (10 digits at 80–89), the trailer their total
        expect(records.slice(1, -2).map((r) => Number(r.slice(80, 90)))).toEqual(
          expect.arrayContaining(batch.transfers.map((t) => t.amount)),
        );

        // the bank statement of the payment date: one 出金 per transfer (SMBC CSV, Shift_JIS)
        let balance = 5_000_000;
        const day = batch.payment_date.replaceAll('-', '/');
        // what leaves the account: the transfer, and with 先方負担 the fee deducted from it (the bank charges it)
        const rows = batch.transfers.map((t, k) => {
          const out = t.fee_bearer === 'them' ? t.amount + t.fee : t.amount;
          balance -= out;
          return `${day},"${out.toLocaleString('en-US')}",,ﾌﾘｺﾐ E2E${k + 1},"${balance.toLocaleString('en-US')}"`;
        });
        const csv = iconv.encode(['年月日,お引出し,お預入れ,お取り扱い内容,残高', ...rows, ''].join('\r\n'), 'cp932');
        await owner.goto('/company/bank_statement');
        await owner.getByText('明細ファイルの取り込み').waitFor();
        await field(owner, '銀行口座').click();
        await owner.getByRole('option', { name: accountLabel(bank) }).click();
        await owner
          .locator('input[type="file"]')
          .setInputFiles({ name: `smbc_${batch.payment_date}.csv`, mimeType: 'text/csv', buffer: csv });
        await owner.getByText(`${rows.length}件（新規 ${rows.length}件・取り込み済みのため除外 0件）`).waitFor();
        await owner.getByRole('button', { name: '取り込む' }).click();
        await toast(owner, `${rows.length}件を取り込みました`).waitFor();
        await waitForPath(owner, /\/company\/bank_statement\/\d+$/);
        for (const t of batch.transfers)
          await owner
            .getByText(
              new RegExp(`振込データ No\\.${id}（支払日 [^）]+）の「${escapeRegExp(t.customer_name)}」への振込`),
            )
            .waitFor();
        await shots(owner, 'payment-batches-statement', 'all');
        for (const k of batch.transfers.keys())
          await owner.getByRole('checkbox', { name: `${batch.payment_date} ﾌﾘｺﾐ E2E${k + 1} を選択` }).check();
        await owner.getByRole('button', { name: `選択した${rows.length}件を確定` }).click();
        await toast(owner, `${rows.length}件の明細を確定し、仕訳を登録しました`).waitFor();

        // the batch is 支払済, its documents too
        const paid = (await pageApi<{ data: Batch }>(owner, 'GET', `/api/payment-batches/${id}`)).body.data;
        expect(paid.status).toBe('paid');
        expect(paid.transfers.every((t) => t.payment_id !== null)).toBe(true);
        // each row's entry takes exactly the row's amount out of the paying account
        for (const t of paid.transfers) {
          const payment = (
            await pageApi<{ data: { journal_entry_id: number } }>(owner, 'GET', `/api/payments/${t.payment_id}`)
          ).body.data;
          const entry = (
            await pageApi<{ data: { lines: { credit: number }[] } }>(
              owner,
              'GET',
              `/api/accountings/${payment.journal_entry_id}`,
            )
          ).body.data;
          expect(entry.lines.reduce((s, l) => s + l.credit, 0)).toBe(
            t.fee_bearer === 'them' ? t.amount + t.fee : t.amount,
          );
        }
        await owner.goto('/company/payment_management?tab=batches');
        await owner
          .getByTestId('batch-row')
          .filter({ has: owner.getByRole('cell', { name: String(id), exact: true }) })
          .getByText('支払済')
          .waitFor();
        for (const doc of new Set(paid.items.map((i) => i.transaction_document_id))) {
          await owner.goto(`/company/transaction-documents/edit?id=${doc}`);
          await owner.getByTestId('document-heading').waitFor();
          await owner.locator('.mantine-Badge-label', { hasText: '支払済' }).first().waitFor();
          const d = await pageApi<{ data: { status: number } }>(owner, 'GET', `/api/transaction-documents/${doc}`);
          expect(d.body.data.status).toBe(1);
        }
        await shots(owner, 'payment-batches-document-paid', 'lenient');
      });
    });
  }, 240_000);
});
