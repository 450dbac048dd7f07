import { Anchor, Badge, Button, Group } from '@mantine/core';
import { IconBook2, IconCalendarStats, IconListDetails, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { JournalExportButton, JournalImportButton } from './JournalCsv';
import { JournalList } from './JournalList';
import { BooksView } from './LedgerView';
import { STATEMENTS, type StatementKind, StatementView } from './StatementView';

export const LEDGER_PATH = '/company/accountings';

/** Links between the 会計帳簿 screens (company side). */
function BookLinks({ current }: { current: 'journal' | 'ledger' | 'accounts' | 'fiscal-years' }) {
  const links: [typeof current, string, string, ReactNode][] = [
    ['journal', '/company/accountings_bk', '仕訳帳', <IconListDetails key="j" size={16} />],
    ['ledger', LEDGER_PATH, '総勘定元帳・試算表', <IconBook2 key="l" size={16} />],
    ['accounts', '/company/accountings/accounts', '勘定科目', <IconListDetails key="a" size={16} />],
    ['fiscal-years', '/company/accountings/fiscal-years', '会計年度・締め', <IconCalendarStats key="f" size={16} />],
  ];
  return (
    <>
      {links
        .filter(([key]) => key !== current)
        .map(([key, to, label, icon]) => (
          <Button key={key} component={Link} to={to} variant="subtle" size="xs" leftSection={icon}>
            {label}
          </Button>
        ))}
    </>
  );
}

/** /company/accountings_bk — 仕訳帳 */
export function JournalListPage() {
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title="仕訳帳"
        description="仕訳を日付順に表示します。行をクリックすると編集できます。"
        mb="sm"
        actions={
          <Button
            component={Link}
            to="/company/accountings_bk/create"
            state={{ listSearch: search }}
            leftSection={<IconPlus size={16} />}
          >
            仕訳を登録
          </Button>
        }
      />
      <Group justify="space-between" mb="sm">
        <Group gap={4}>
          <BookLinks current="journal" />
        </Group>
        <Group gap="xs">
          <JournalImportButton />
          <JournalExportButton />
        </Group>
      </Group>
      <JournalList />
    </>
  );
}

/** /company/accountings — 総勘定元帳 and 残高試算表 */
export function LedgerPage() {
  return (
    <>
      <PageHeader
        title="総勘定元帳"
        description="勘定科目と期間を選ぶと、前期繰越から取引ごとの残高を表示します。"
        actions={
          <>
            <BookLinks current="ledger" />
            <Button component={Link} to="/company/accountings_bk/create" leftSection={<IconPlus size={16} />}>
              仕訳を登録
            </Button>
          </>
        }
      />
      <BooksView basePath={LEDGER_PATH} />
    </>
  );
}

function CompanyStatementPage({ kind }: { kind: StatementKind }) {
  return (
    <>
      <PageHeader title={STATEMENTS[kind].title} description="金額をクリックすると、その内訳の元帳を表示します。" />
      <StatementView key={kind} kind={kind} ledgerBase={LEDGER_PATH} />
    </>
  );
}

export const BalanceSheetPage = () => <CompanyStatementPage kind="balance-sheet" />;
export const IncomeStatementPage = () => <CompanyStatementPage kind="income-statement" />;
export const CashFlowPage = () => <CompanyStatementPage kind="cash-flow" />;

/* ───────────── administrator's read-only views of one company ───────────── */

function useCompanyId(): number | null {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function SystemHeader({ title, companyId }: { title: string; companyId: number }) {
  const base = `/system/companies/${companyId}`;
  return (
    <PageHeader
      title={title}
      description={
        <Group gap={8}>
          <span>企業ID {companyId} の帳簿を表示しています。</span>
          <Badge size="sm" variant="light" color="gray">
            閲覧のみ
          </Badge>
          <Anchor component={Link} to={`${base}/accountings`} size="sm">
            総勘定元帳
          </Anchor>
          <Anchor component={Link} to={`${base}/balance-sheet`} size="sm">
            貸借対照表
          </Anchor>
          <Anchor component={Link} to={`${base}/income-statement`} size="sm">
            損益計算書
          </Anchor>
          <Anchor component={Link} to={`${base}/cash-flow`} size="sm">
            キャッシュフロー計算書
          </Anchor>
          <Anchor component={Link} to="/system/companies" size="sm">
            企業一覧へ
          </Anchor>
        </Group>
      }
    />
  );
}

/** /system/companies/{id}/accountings — 総勘定元帳・試算表・仕訳帳, read-only. */
export function SystemLedgerPage() {
  const companyId = useCompanyId();
  const { search } = useLocation();
  if (companyId === null) return <PageHeader title="総勘定元帳（企業）" description="企業IDが正しくありません。" />;
  const journal = new URLSearchParams(search).get('view') === 'journal';
  return (
    <>
      <SystemHeader title="総勘定元帳（企業）" companyId={companyId} />
      <Group mb="sm" gap="xs">
        <Button
          component={Link}
          to={`/system/companies/${companyId}/accountings`}
          variant={journal ? 'default' : 'light'}
          size="xs"
        >
          元帳・試算表
        </Button>
        <Button
          component={Link}
          to={`/system/companies/${companyId}/accountings?view=journal`}
          variant={journal ? 'light' : 'default'}
          size="xs"
        >
          仕訳帳
        </Button>
      </Group>
      {journal ? (
        <JournalList companyId={companyId} readOnly />
      ) : (
        <BooksView companyId={companyId} basePath={`/system/companies/${companyId}/accountings`} />
      )}
    </>
  );
}

function SystemStatementPage({ kind }: { kind: StatementKind }) {
  const companyId = useCompanyId();
  const title = `${STATEMENTS[kind].title}（企業）`;
  if (companyId === null) return <PageHeader title={title} description="企業IDが正しくありません。" />;
  return (
    <>
      <SystemHeader title={title} companyId={companyId} />
      <StatementView
        key={kind}
        kind={kind}
        companyId={companyId}
        ledgerBase={`/system/companies/${companyId}/accountings`}
      />
    </>
  );
}

export const SystemBalanceSheetPage = () => <SystemStatementPage kind="balance-sheet" />;
export const SystemIncomeStatementPage = () => <SystemStatementPage kind="income-statement" />;
export const SystemCashFlowPage = () => <SystemStatementPage kind="cash-flow" />;
