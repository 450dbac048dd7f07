import { ACCOUNT_CATEGORIES, type AccountCategory, formatDateJa, NORMAL_SIDES } from '@chobo/core';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Switch, Table, Tabs, Text } from '@mantine/core';
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { ListFooter } from '../../components/ListFooter';
import { useLoadingFlag } from '../../lib/loading';
import { readStorage, writeStorage } from '../../lib/storage-keys';
import { AccountSelect } from './AccountSelect';
import { useAccounts, useLedger, useTrialBalance } from './api';
import { DownloadButtons } from './DownloadButtons';
import { formatAmount, formatAmountOrBlank } from './format';
import { JOURNAL_PATH } from './JournalEntryPages';
import { PeriodPicker } from './PeriodPicker';
import { SourceLink } from './SourceLink';
import type { Drill, Period } from './types';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Where a figure of a statement opens its ledger lines. */
export function ledgerHref(base: string, drill: Drill): string {
  const q = new URLSearchParams({ account_id: String(drill.account_id), from: drill.from, to: drill.to });
  return `${base}?${q.toString()}`;
}

/**
 * A contra account (減価償却累計額, 貸倒引当金 under 資産; 自己株式 under 純資産): its balance sits on the side
 * opposite to its category, so the trial balance shows it as △ as the balance sheet does.
 */
export function isContra(row: { category: string; normal_side: string }): boolean {
  const debitCategory = row.category === 'asset' || row.category === 'expense';
  return debitCategory ? row.normal_side === 'credit' : row.normal_side === 'debit';
}

/** Last account viewed in 総勘定元帳 (per company for the administrator's view). */
export const LEDGER_ACCOUNT_KEY = (companyId: number | null) => `chobo:ledger-account:${companyId ?? 'own'}`;

/** The URL state of /company/accountings: tab, account, period, page. */
function useBookParams() {
  const [params, setParams] = useSearchParams();
  const accountId = Number(params.get('account_id'));
  const page = Number(params.get('page'));
  const from = params.get('from');
  const to = params.get('to');
  const state = {
    tab: params.get('tab') === 'trial' ? ('trial' as const) : ('ledger' as const),
    account_id: Number.isInteger(accountId) && accountId > 0 ? accountId : null,
    from: from && ISO.test(from) ? from : null,
    to: to && ISO.test(to) ? to : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const update = useCallback(
    (patch: Record<string, string | number | null>, opts?: { replace?: boolean }) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || (k === 'page' && Number(v) <= 1) || (k === 'tab' && v === 'ledger'))
            next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      }, opts),
    [setParams],
  );
  return { ...state, update };
}

/**
 * 総勘定元帳 and 残高試算表 of /company/accountings (and the administrator's read-only view with
 * `companyId`). Account, period, page and tab live in the URL.
 */
export function BooksView({ companyId, basePath }: { companyId?: number; basePath: string }) {
  const p = useBookParams();
  return (
    <Tabs value={p.tab} onChange={(tab) => p.update({ tab: tab ?? 'ledger', page: null })} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="ledger">総勘定元帳</Tabs.Tab>
        <Tabs.Tab value="trial">残高試算表</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="ledger">
        <LedgerPanel companyId={companyId} params={p} readOnly={companyId !== undefined} />
      </Tabs.Panel>
      <Tabs.Panel value="trial">
        <TrialBalancePanel companyId={companyId} params={p} basePath={basePath} />
      </Tabs.Panel>
    </Tabs>
  );
}

type BookParams = ReturnType<typeof useBookParams>;

function PeriodLabel({ period }: { period: Period | undefined }) {
  if (!period) return null;
  return (
    <Text size="sm" c="dimmed">
      {formatDateJa(period.from)} 〜 {formatDateJa(period.to)}
    </Text>
  );
}

function LedgerPanel({ companyId, params, readOnly }: { companyId?: number; params: BookParams; readOnly: boolean }) {
  const accounts = useAccounts(companyId ?? null);
  const query = useLedger({
    account_id: params.account_id,
    from: params.from,
    to: params.to,
    page: params.page,
    company_id: companyId ?? null,
  });
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
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
  const pageDebit = ledger?.lines.reduce((s, l) => s + l.debit, 0) ?? 0;
  const pageCredit = ledger?.lines.reduce((s, l) => s + l.credit, 0) ?? 0;

  return (
    <Paper withBorder radius="md">
      <Group p="md" gap="md" justify="space-between" wrap="wrap">
        <Group gap="md" wrap="nowrap">
          <AccountSelect
            accounts={accounts.data ?? []}
            includeInactive
            value={params.account_id}
            onChange={(id) => params.update({ account_id: id, page: null })}
            aria-label="勘定科目"
            placeholder="勘定科目（コード・名前・カナ）"
            w={260}
            selectFirstOptionOnChange
          />
          <PeriodPicker
            from={params.from}
            to={params.to}
            shown={ledger?.period}
            companyId={companyId ?? null}
            onChange={(from, to) => params.update({ from, to, page: null })}
          />
        </Group>
      </Group>

      {params.account_id === null ? (
        <EmptyBlock title="勘定科目を選択してください" description="コード・科目名・カナで検索できます。" />
      ) : query.isPending ? (
        <Stack p="md" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={16} />
          ))}
        </Stack>
      ) : query.isError && !ledger ? (
        <EmptyBlock title="元帳を読み込めませんでした" description={query.error.message} />
      ) : ledger ? (
        <>
          <Group px="md" pb="xs" gap="lg">
            <Text fw={700}>
              {ledger.account.code} {ledger.account.name}
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
              baseName={`総勘定元帳_${ledger.account.name}`}
              query={{
                account_id: ledger.account.id,
                from: ledger.period.from,
                to: ledger.period.to,
                company_id: companyId ?? null,
              }}
            />
          </Group>
          <Table.ScrollContainer minWidth={900}>
            <Table
              withTableBorder={false}
              withColumnBorders
              verticalSpacing={4}
              horizontalSpacing="sm"
              aria-label="総勘定元帳"
              striped
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th w={96}>日付</Table.Th>
                  <Table.Th w={64}>No.</Table.Th>
                  <Table.Th>摘要</Table.Th>
                  <Table.Th w={160}>相手科目</Table.Th>
                  <Table.Th w={120} ta="right">
                    借方
                  </Table.Th>
                  <Table.Th w={120} ta="right">
                    貸方
                  </Table.Th>
                  <Table.Th w={130} ta="right">
                    残高
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr data-testid="ledger-carried">
                  <Table.Td>{firstPage ? formatDateJa(ledger.period.from) : ''}</Table.Td>
                  <Table.Td />
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {firstPage ? '前期繰越' : '前頁繰越'}
                    </Text>
                  </Table.Td>
                  <Table.Td />
                  <Table.Td />
                  <Table.Td />
                  <Table.Td ta="right" style={num}>
                    {formatAmount(ledger.carried_forward)}
                  </Table.Td>
                </Table.Tr>
                {ledger.lines.map((line) => (
                  <Table.Tr key={line.line_id} data-testid="ledger-line">
                    <Table.Td style={num}>{formatDateJa(line.date)}</Table.Td>
                    <Table.Td style={num}>
                      {readOnly ? (
                        line.entry_number
                      ) : (
                        <Anchor component={Link} to={`${JOURNAL_PATH}/edit?id=${line.entry_id}`} size="sm">
                          {line.entry_number}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {line.description}
                        <Text span ml={6}>
                          <SourceLink type={line.source_type} id={line.source_id} readOnly={readOnly} />
                        </Text>
                        {line.memo ? (
                          <Text span size="xs" c="dimmed" ml={6}>
                            {line.memo}
                          </Text>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{line.contra_account_name}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={num}>
                      {formatAmountOrBlank(line.debit)}
                    </Table.Td>
                    <Table.Td ta="right" style={num}>
                      {formatAmountOrBlank(line.credit)}
                    </Table.Td>
                    <Table.Td ta="right" style={num} data-testid="ledger-balance">
                      {formatAmount(line.balance)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {ledger.lines.length > 0 && (
                <Table.Tfoot bg="gray.0">
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" fw={600}>
                        {lastPage ? 'このページの合計・次期繰越' : 'このページの合計・次頁繰越'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={num} fw={600}>
                      {formatAmount(pageDebit)}
                    </Table.Td>
                    <Table.Td ta="right" style={num} fw={600}>
                      {formatAmount(pageCredit)}
                    </Table.Td>
                    <Table.Td ta="right" style={num} fw={700}>
                      {formatAmount(ledger.lines[ledger.lines.length - 1].balance)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
          {ledger.lines.length === 0 && <EmptyBlock title="この期間の取引はありません" />}
          {meta && ledger.lines.length > 0 && <ListFooter meta={meta} onPage={(page) => params.update({ page })} />}
        </>
      ) : null}
    </Paper>
  );
}

const CATEGORY_ORDER: AccountCategory[] = ['asset', 'liability', 'net_assets', 'revenue', 'expense'];

function TrialBalancePanel({
  companyId,
  params,
  basePath,
}: {
  companyId?: number;
  params: BookParams;
  basePath: string;
}) {
  const navigate = useNavigate();
  const query = useTrialBalance({ from: params.from, to: params.to, company_id: companyId ?? null });
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const tb = query.data;
  const [showZero, setShowZero] = useState(false);
  const groups = useMemo(
    () =>
      CATEGORY_ORDER.map((category) => ({
        category,
        rows: (tb?.rows ?? []).filter(
          (r) => r.category === category && (showZero || r.opening !== 0 || r.debit !== 0 || r.credit !== 0),
        ),
      })).filter((g) => g.rows.length > 0),
    [tb, showZero],
  );
  const balanced = tb ? tb.totals.debit === tb.totals.credit : false;
  const drill = (d: Drill) => navigate(ledgerHref(basePath, d));

  return (
    <Paper withBorder radius="md">
      <Group p="md" justify="space-between" wrap="wrap">
        <PeriodPicker
          from={params.from}
          to={params.to}
          shown={tb?.period}
          companyId={companyId ?? null}
          onChange={(from, to) => params.update({ from, to })}
        />
        <Switch
          size="xs"
          label="残高・取引のない科目も表示"
          checked={showZero}
          onChange={(e) => setShowZero(e.currentTarget.checked)}
          ml="auto"
        />
        {tb && (
          <DownloadButtons
            path="/api/company/trial-balance"
            baseName="残高試算表"
            query={{ from: tb.period.from, to: tb.period.to, company_id: companyId ?? null }}
          />
        )}
      </Group>
      {query.isPending ? (
        <Stack p="md" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={16} />
          ))}
        </Stack>
      ) : query.isError && !tb ? (
        <EmptyBlock title="試算表を読み込めませんでした" description={query.error.message} />
      ) : tb ? (
        <Table.ScrollContainer minWidth={860}>
          <Table withColumnBorders verticalSpacing={3} horizontalSpacing="sm" aria-label="残高試算表" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={70}>コード</Table.Th>
                <Table.Th>勘定科目</Table.Th>
                <Table.Th w={140} ta="right">
                  期首残高
                </Table.Th>
                <Table.Th w={140} ta="right">
                  借方
                </Table.Th>
                <Table.Th w={140} ta="right">
                  貸方
                </Table.Th>
                <Table.Th w={140} ta="right">
                  期末残高
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((group) => (
                <Fragment key={group.category}>
                  <Table.Tr bg="gray.0">
                    <Table.Td colSpan={6}>
                      <Text size="sm" fw={700}>
                        {ACCOUNT_CATEGORIES[group.category]}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                  {group.rows.map((row) => (
                    <Table.Tr
                      key={row.account_id}
                      data-testid="trial-row"
                      onClick={() => drill(row.drill)}
                      style={{ cursor: 'pointer' }}
                      tabIndex={0}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') drill(row.drill);
                      }}
                      aria-label={`${row.name}の元帳を開く`}
                    >
                      <Table.Td style={num}>
                        <Text size="xs" ff="monospace" c="dimmed">
                          {row.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.name}</Text>
                      </Table.Td>
                      <Table.Td ta="right" style={num} c={isContra(row) && row.opening ? 'danger.7' : undefined}>
                        {formatAmount(isContra(row) ? -row.opening : row.opening)}
                      </Table.Td>
                      <Table.Td ta="right" style={num}>
                        {formatAmountOrBlank(row.debit)}
                      </Table.Td>
                      <Table.Td ta="right" style={num}>
                        {formatAmountOrBlank(row.credit)}
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        style={num}
                        fw={600}
                        c={isContra(row) && row.closing ? 'danger.7' : undefined}
                        data-testid="trial-closing"
                      >
                        {formatAmount(isContra(row) ? -row.closing : row.closing)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Fragment>
              ))}
            </Table.Tbody>
            <Table.Tfoot bg="gray.1">
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Group gap="sm">
                    <Text size="sm" fw={700}>
                      合計
                    </Text>
                    <Badge color={balanced ? 'success' : 'danger'} variant="light">
                      {balanced ? '貸借一致' : '貸借不一致'}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={num} fw={700} data-testid="trial-debit-total">
                  {formatAmount(tb.totals.debit)}
                </Table.Td>
                <Table.Td ta="right" style={num} fw={700} data-testid="trial-credit-total">
                  {formatAmount(tb.totals.credit)}
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}
