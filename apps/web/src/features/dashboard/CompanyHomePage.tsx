import { type Dashboard, formatDateJa, formatJPY, isPermitted } from '@chobo/core';
import { Anchor, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { COMPANY_MENU, type MenuLink, visibleMenu } from '../../app/menu';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { QuickLinks } from '../../components/QuickLinks';
import { roleOf, useMe, usePermissions } from '../../lib/session';
import { AttendanceHomeTile } from '../attendance/AttendanceHomeTile';
import { EmployeesHomeTile } from '../employees/EmployeesHomeTile';
import { CompanyNotices } from '../infos/CompanyNotices';
import { useDashboard } from './api';
import { SetupChecklistCard } from './SetupChecklistCard';

// the chart (plain SVG, DashboardChart.tsx) is its own chunk, loaded after the home's figures are on screen
const DashboardChart = lazy(() => import('./DashboardChart').then((m) => ({ default: m.DashboardChart })));

export const HOME_TILES = ['今月の売上', '未回収売掛金', '未払買掛金', '現金残高'] as const;
export const LOAD_FAILED = '読み込めませんでした';

/** Entries of a group carry the group's icon in the quick links. */
function withGroupIcons(items: ReturnType<typeof visibleMenu>): MenuLink[] {
  return items.flatMap((item) =>
    item.kind === 'link' ? [item] : item.children.map((child) => ({ ...child, icon: child.icon ?? item.icon })),
  );
}

interface TileLink {
  to: string;
  label: string;
}

interface TileSpec {
  label: (typeof HOME_TILES)[number];
  amount: (d: Dashboard) => number;
  note: (d: Dashboard) => string;
  links: (d: Dashboard) => TileLink[];
}

const ledger = (d: Dashboard, accountId: number | null) =>
  accountId ? `/company/accountings?account_id=${accountId}&from=${d.period.from}&to=${d.as_of}` : null;

/** What each tile shows and where it leads (the ledger of its account, the list behind it). */
function tileSpecs(canBooks: boolean, canSales: boolean): TileSpec[] {
  const only = (links: (TileLink | null | false)[]) => links.filter((l): l is TileLink => Boolean(l));
  return [
    {
      label: '今月の売上',
      amount: (d) => d.sales_this_month,
      note: (d) => `${Number(d.as_of.slice(5, 7))}月1日〜今日（売上高）`,
      links: () => only([canBooks && { to: '/company/income_statement', label: '損益計算書' }]),
    },
    {
      label: '未回収売掛金',
      amount: (d) => d.receivables,
      note: () => '売掛金の残高',
      links: (d) => {
        const to = ledger(d, d.accounts.receivables);
        return only([
          canBooks && Boolean(to) && { to: to as string, label: '売掛金元帳' },
          canSales && { to: '/company/transactions?status=1', label: '未入金の受注取引' },
        ]);
      },
    },
    {
      label: '未払買掛金',
      amount: (d) => d.payables,
      note: () => '買掛金＋未払金の残高',
      links: (d) => {
        const to = ledger(d, d.accounts.payables);
        return only([canBooks && Boolean(to) && { to: to as string, label: '買掛金元帳' }]);
      },
    },
    {
      label: '現金残高',
      amount: (d) => d.cash,
      note: () => '現金及び預金の残高',
      links: (d) => {
        const to = ledger(d, d.accounts.cash);
        return only([
          canBooks && Boolean(to) && { to: to as string, label: '普通預金元帳' },
          canBooks && { to: '/company/balance_sheet', label: '貸借対照表' },
        ]);
      },
    },
  ];
}

function FigureTiles({ specs }: { specs: TileSpec[] }) {
  const q = useDashboard();
  return (
    <>
      {specs.map((spec) => (
        <Paper key={spec.label} withBorder radius="md" p="md" data-testid="home-tile" aria-label={spec.label}>
          <Text size="sm" c="dimmed" fw={600}>
            {spec.label}
          </Text>
          {q.data ? (
            <>
              <Text fz={22} fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="home-figure">
                {formatJPY(spec.amount(q.data))}
              </Text>
              <Text size="xs" c="dimmed">
                {spec.note(q.data)}
              </Text>
              <Group gap="sm" mt={6}>
                {spec.links(q.data).map((l) => (
                  <Anchor key={l.to} component={Link} to={l.to} size="xs">
                    {l.label}
                  </Anchor>
                ))}
              </Group>
            </>
          ) : q.isError ? (
            <Text size="sm" mt="md" c="gray.6">
              {LOAD_FAILED}
            </Text>
          ) : (
            <Skeleton h={26} mt={8} />
          )}
        </Paper>
      ))}
    </>
  );
}

/**
 * Why 未入金の請求書 differs from 未回収売掛金: its amount is what is still to be paid on the issued invoices (請求額
 * less the payments allocated), while 売掛金 also holds sales not invoiced yet.
 */
export function openInvoicesNote(face: number, open: number): string {
  const paid = face - open;
  return `${paid > 0 ? `請求額 ${formatJPY(face)} から入金済み ${formatJPY(paid)} を除いた残高。` : ''}未回収売掛金には未請求の売上も含まれます。`;
}

/** 毎朝の確認: what waits for someone today, each line only for those who can open it. */
function MorningChecks({ permissions }: { permissions: readonly string[] }) {
  const q = useDashboard();
  const d = q.data;
  if (!d) return null;
  const can = (p: string) => isPermitted(p, permissions);
  const open = d.checks.open_invoices;
  const items: {
    label: string;
    count: number;
    amount: number;
    to: string | null;
    shown: boolean;
    note?: string;
  }[] = [
    {
      label: '未入金の請求書（未入金残高）',
      count: open.count,
      amount: open.amount,
      to: can('transactions.index') ? '/company/transactions?tab=invoices&status=issued' : null,
      shown: true,
      note: open.count > 0 ? openInvoicesNote(open.face_amount, open.amount) : undefined,
    },
    {
      label: '未請求の受注取引',
      ...d.checks.unbilled_sales,
      to: can('transactions.index') ? '/company/transactions?status=0' : null,
      shown: true,
    },
    {
      label: '支払期日が近い発注取引（7日以内・期限切れ）',
      ...d.checks.payables_due,
      to: can('payment-management.index') ? '/company/payment_management?tab=reports' : null,
      shown: can('transaction-documents.index') || can('payment-management.index'),
    },
    {
      label: '確認待ちのOCR書類',
      ...d.checks.ocr_to_confirm,
      to: '/company/ocr-documents?status=2',
      shown: can('ocr-documents.index'),
    },
    {
      label: '未確定の銀行明細',
      ...d.checks.bank_rows_unconfirmed,
      to: '/company/bank_statement',
      shown: can('bank_statement.index'),
    },
  ].filter((item) => item.shown);
  const a = d.attendance_today;
  return (
    <Paper withBorder radius="md" p="md" data-testid="home-checks">
      <Stack gap={8}>
        {items.map((item) => (
          <div key={item.label}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {item.to ? (
                <Anchor component={Link} to={item.to} size="sm" fw={600}>
                  {item.label}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {item.label}
                </Text>
              )}
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {item.count}件{item.count > 0 ? `（${formatJPY(item.amount)}）` : ''}
              </Text>
            </Group>
            {item.note && (
              <Text size="xs" c="dimmed" data-testid="home-check-note">
                {item.note}
              </Text>
            )}
          </div>
        ))}
        {a && (
          // the label keeps its line; the four figures wrap between themselves (never one character a line)
          <Group justify="space-between" wrap="wrap" gap="xs" align="baseline" data-testid="home-attendance">
            <Anchor component={Link} to="/company/attendance" size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              今日の出勤
            </Anchor>
            <Group gap={0} justify="flex-end" wrap="wrap" style={{ flex: '1 1 auto', minWidth: 0 }}>
              {(
                [
                  ['出勤中', a.clocked_in],
                  ['休憩中', a.on_break],
                  ['退勤', a.clocked_out],
                  ['未出勤', a.not_clocked_in],
                ] as const
              ).map(([label, count], i) => (
                <Text key={label} size="sm" span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {i > 0 ? '・' : ''}
                  {label} {count}人
                </Text>
              ))}
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function MonthlyChart() {
  const q = useDashboard();
  if (!q.data) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Suspense fallback={<Skeleton h={260} />}>
        <DashboardChart monthly={q.data.monthly} />
      </Suspense>
    </Paper>
  );
}

/** /company: greeting, the key figures from the books, the morning checks, the 12-month chart and links. */
export default function CompanyHomePage() {
  const me = useMe();
  const permissions = usePermissions();
  const role = roleOf(me);
  const links = useMemo(
    () => withGroupIcons(visibleMenu(COMPANY_MENU, permissions, role)).filter((entry) => entry.to !== '/company'),
    [permissions, role],
  );
  const canBooks = isPermitted('company-accountings.show', permissions);
  const canSales = isPermitted('transactions.index', permissions);
  const specs = useMemo(() => tileSpecs(canBooks, canSales), [canBooks, canSales]);
  const dashboard = useDashboard();

  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={me?.company?.name ?? 'ホーム'}
        description={`ようこそ、${me?.name ?? ''} さん。今日の業務をはじめましょう。`}
      />
      <CompanyNotices />
      {role === 'company' && dashboard.data?.setup && me?.company && (
        <SetupChecklistCard setup={dashboard.data.setup} companyId={me.company.id} />
      )}
      <section aria-labelledby="home-figures">
        <Group justify="space-between" align="baseline" mb="sm" gap="xs">
          <Title order={3} fz={16} id="home-figures">
            今月の概況
          </Title>
          {dashboard.data && (
            <Text size="xs" c="dimmed">
              {formatDateJa(dashboard.data.as_of)}時点の帳簿から
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', md: 'md' }} data-phone-cols>
          <FigureTiles specs={specs} />
          <EmployeesHomeTile />
          <AttendanceHomeTile />
        </SimpleGrid>
      </section>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <section aria-labelledby="home-checks">
            <Title order={3} fz={16} mb="sm" id="home-checks">
              毎朝の確認
            </Title>
            <MorningChecks permissions={permissions} />
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <section aria-labelledby="home-chart">
            <Title order={3} fz={16} mb="sm" id="home-chart">
              売上と費用（過去12か月）
            </Title>
            <MonthlyChart />
          </section>
        </Grid.Col>
      </Grid>
      <section aria-labelledby="home-links">
        <Title order={3} fz={16} mb="sm" id="home-links">
          メニュー
        </Title>
        {links.length > 0 ? (
          <QuickLinks links={links} />
        ) : (
          <Paper withBorder radius="md">
            <EmptyBlock title="利用できる機能がありません" description="管理者に権限の設定を依頼してください。" />
          </Paper>
        )}
      </section>
    </Stack>
  );
}
