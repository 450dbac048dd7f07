import { ACCOUNT_CATEGORIES, type AccountCategory, formatDateJa, NORMAL_SIDES } from '@chobo/core';
import { Badge, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { EmptyBlock } from '../../components/EmptyBlock';
import { ListFooter } from '../../components/ListFooter';
import { readStorage, writeStorage } from '../../lib/storage-keys';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { AccountSelect } from './AccountSelect';
import { useAccounts, useLedger } from './api';
import { BookPanel, num } from './BookPanel';
import type { BookParams } from './book-params';
import { DownloadButtons } from './DownloadButtons';
import { formatAmount } from './format';
import { LedgerTable } from './LedgerTable';
import { PeriodPicker } from './PeriodPicker';
import type { Period } from './types';

/** The accounts kept per 取引先 (売掛金 / 受取手形, 買掛金 / 支払手形, 未払金): their ledger has a customer filter, 1 売上先 / 2 仕入先. */
export function subLedgerParty(account: { cash_flow_role: string; name: string } | undefined): 1 | 2 | null {
  if (!account) return null;
  if (account.cash_flow_role === 'receivables') return 1;
  if (account.cash_flow_role === 'payables' || account.name === '未払金') return 2;
  return null;
}

/** Last account viewed in 総勘定元帳 (per company for the administrator's view). */
export const LEDGER_ACCOUNT_KEY = (companyId: number | null) => `chobo:ledger-account:${companyId ?? 'own'}`;

function PeriodLabel({ period }: { period: Period | undefined }) {
  if (!period) return null;
  return (
    <Text size="sm" c="dimmed">
      {formatDateJa(period.from)} 〜 {formatDateJa(period.to)}
    </Text>
  );
}

/** 総勘定元帳: one account's lines over a period, page by page, with the balance carried between pages. */
export function LedgerPanel({
  companyId,
  params,
  readOnly,
}: {
  companyId?: number;
  params: BookParams;
  readOnly: boolean;
}) {
  const accounts = useAccounts(companyId ?? null);
  const party = subLedgerParty(accounts.data?.find((a) => a.id === params.account_id));
  const customerId = party ? params.customer_id : null;
  const query = useLedger({
    account_id: params.account_id,
    customer_id: customerId,
    from: params.from,
    to: params.to,
    page: params.page,
    company_id: companyId ?? null,
  });
  const ledger = query.data?.data;
  const meta = query.data?.meta;
  const firstPage = params.page === 1;
  const lastPage = meta ? meta.current_page >= meta.last_page : false;
  const update = params.update;
  useEffect(() => {
    // a page past the end (e.g. another period chosen): show the last one
    if (meta && meta.total > 0 && params.page > meta.last_page) update({ page: meta.last_page });
  }, [meta, params.page, update]);
  // no account in the URL: the last one viewed, else 普通預金 (the current fiscal year is the server's default)
  useEffect(() => {
    const list = accounts.data;
    if (params.account_id !== null || !list?.length) return;
    const stored = Number(readStorage(LEDGER_ACCOUNT_KEY(companyId ?? null)));
    const pick =
      list.find((a) => a.id === stored) ??
      list.find((a) => a.name === '普通預金') ??
      list.find((a) => a.cash_flow_role === 'cash');
    if (pick) update({ account_id: pick.id, page: null }, { replace: true });
  }, [accounts.data, params.account_id, companyId, update]);
  useEffect(() => {
    if (params.account_id !== null) writeStorage(LEDGER_ACCOUNT_KEY(companyId ?? null), String(params.account_id));
  }, [params.account_id, companyId]);

  return (
    <BookPanel
      query={query}
      data={ledger}
      errorTitle="元帳を読み込めませんでした"
      placeholder={
        params.account_id === null ? (
          <EmptyBlock title="勘定科目を選択してください" description="コード・科目名・カナで検索できます。" />
        ) : undefined
      }
      toolbar={
        <Group p="md" gap="md" justify="space-between" wrap="wrap">
          <Group gap="md" wrap="nowrap">
            <AccountSelect
              accounts={accounts.data ?? []}
              includeInactive
              value={params.account_id}
              onChange={(id) => params.update({ account_id: id, customer_id: null, page: null })}
              aria-label="勘定科目"
              placeholder="勘定科目（コード・名前・カナ）"
              w={260}
              selectFirstOptionOnChange
            />
            {party && (
              <CustomerSelect
                value={customerId}
                currentLabel={query.data?.data.customer?.name ?? null}
                onChange={(id) => params.update({ customer_id: id, page: null })}
                companyId={companyId ?? null}
                usedFor={party}
                aria-label="取引先"
                placeholder="取引先別（すべての取引先）"
                w={240}
              />
            )}
            <PeriodPicker
              from={params.from}
              to={params.to}
              shown={ledger?.period}
              companyId={companyId ?? null}
              onChange={(from, to) => params.update({ from, to, page: null })}
            />
          </Group>
        </Group>
      }
    >
      {(ledger) => (
        <>
          <Group px="md" pb="xs" gap="lg">
            <Text fw={700}>
              {ledger.account.code} {ledger.account.name}
              {ledger.customer && `（${ledger.customer.name}）`}
            </Text>
            <Badge variant="light" color="gray">
              {ACCOUNT_CATEGORIES[ledger.account.category as AccountCategory]}・残高は
              {NORMAL_SIDES[ledger.account.normal_side]}
            </Badge>
            <PeriodLabel period={ledger.period} />
            <Text size="sm" ml="auto" style={num}>
              期首 {formatAmount(ledger.opening)} → 期末{' '}
              <Text span fw={700} data-testid="ledger-closing">
                {formatAmount(ledger.closing)}
              </Text>
            </Text>
            <DownloadButtons
              path="/api/company/ledger"
              baseName={`総勘定元帳_${ledger.account.name}${ledger.customer ? `_${ledger.customer.name}` : ''}`}
              query={{
                account_id: ledger.account.id,
                customer_id: ledger.customer?.id ?? null,
                from: ledger.period.from,
                to: ledger.period.to,
                company_id: companyId ?? null,
              }}
            />
          </Group>
          <LedgerTable ledger={ledger} firstPage={firstPage} lastPage={lastPage} readOnly={readOnly} />
          {ledger.lines.length === 0 && <EmptyBlock title="この期間の取引はありません" />}
          {meta && ledger.lines.length > 0 && <ListFooter meta={meta} onPage={(page) => params.update({ page })} />}
        </>
      )}
    </BookPanel>
  );
}
