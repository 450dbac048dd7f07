import type { OcrDocumentDetail } from '@chobo/core';
import { Grid, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { AccountSelect } from '../accounting/AccountSelect';
import { useAccounts } from '../accounting/api';
import type { OcrEditorState } from './use-ocr-editor';

/** 支払方法 and the account its purchase entry is credited to (transaction-document-posting.ts). */
const PAYMENT_OPTIONS = [
  { value: '1', label: '掛け・銀行振込（買掛金）' },
  { value: '4', label: '口座振替（買掛金）' },
  { value: '2', label: '現金（現金）' },
  { value: '3', label: 'クレジットカード（未払金）' },
  { value: '9', label: 'その他（買掛金）' },
];

const REASON = { supplier: 'この取引先の前回の書類と同じ科目です', keyword: '書類の文言から選んだ科目です' } as const;

/**
 * 仕訳の内容 of 確定 (issue 33): the expense account — offered from the supplier's last documents, then from
 * the words on the document — and the payment method; the 税区分 are the rows of 税率ごとの内訳 above.
 */
export function PostingChoice({ d, editor }: { d: OcrDocumentDetail; editor: OcrEditorState }) {
  const accounts = useAccounts();
  const expense = (accounts.data ?? []).filter((a) => a.category === 'expense');
  const { accountId, setAccountId, paymentMethod, setPaymentMethod } = editor.posting;
  const suggested = d.suggested_account;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          仕訳の内容
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <AccountSelect
              label="勘定科目"
              placeholder="未指定（仕入高）"
              accounts={expense}
              value={accountId}
              onChange={setAccountId}
              clearable
              disabled={editor.registered}
              error={editor.err('account_id')}
              description={
                suggested && accountId === suggested.account_id ? REASON[suggested.reason] : '費用の科目で仕訳されます'
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label="支払方法"
              data={PAYMENT_OPTIONS}
              value={paymentMethod}
              onChange={(v) => setPaymentMethod(v ?? '1')}
              allowDeselect={false}
              disabled={editor.registered}
              error={editor.err('payment_method')}
              comboboxProps={{ withinPortal: true }}
            />
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed">
          税区分は「税率ごとの内訳」の行で仕訳されます（10%・8%）。
        </Text>
      </Stack>
    </Paper>
  );
}
