import {
  type FiscalYear,
  fiscalYearLabel,
  formatDateJa,
  formatDateTimeJa,
  monthsOf,
  type PeriodLock,
} from '@chobo/core';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  accountingKeys,
  FISCAL_YEARS_PATH,
  fetchPeriodLocks,
  PERIOD_LOCKS_PATH,
  useAccounts,
  useBooksWrite,
  useFiscalYears,
} from './api';

import { OpeningBalancesModal } from './OpeningBalancesModal';

function usePeriodLocks() {
  return useQuery({
    queryKey: [...accountingKeys.all, 'period-locks'],
    queryFn: ({ signal }) => fetchPeriodLocks(signal),
    meta: { silent: true },
  });
}

const fail = (error: unknown) => notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');

/** The lock covering [from, to], if any. */
function lockOf(locks: PeriodLock[], from: string, to: string) {
  return locks.find((l) => l.start_date <= from && l.end_date >= to);
}

function YearCard({ year, locks }: { year: FiscalYear; locks: PeriodLock[] }) {
  const write = useBooksWrite();
  const closed = year.status === 'closed';
  const yearLock = locks.find((l) => l.kind === 'year' && l.start_date === year.start_date);

  const confirmClose = () =>
    modals.openConfirmModal({
      title: `${fiscalYearLabel(year.end_date)}を締める`,
      children: (
        <Stack gap={6}>
          <Text size="sm">年度を締めると、次のことが行われます。</Text>
          <Text size="sm" component="ul" pl="md" m={0}>
            <li>収益・費用の残高を「繰越利益剰余金」に振り替える決算振替仕訳を登録します。</li>
            <li>資産・負債・純資産の残高を翌年度の期首残高として繰り越します。</li>
            <li>この年度の仕訳は変更・削除できなくなります（訂正は逆仕訳で行います）。</li>
          </Text>
          <Text size="sm">締めの解除は会社の管理者だけが行え、操作履歴に残ります。</Text>
        </Stack>
      ),
      labels: { confirm: '年度を締める', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: () =>
        write.mutate(
          { method: 'post', path: `${FISCAL_YEARS_PATH}/${year.id}/close` },
          { onSuccess: () => notifySuccess(`${fiscalYearLabel(year.end_date)}を締めました`), onError: fail },
        ),
    });

  const confirmReopen = () =>
    modals.openConfirmModal({
      title: `${fiscalYearLabel(year.end_date)}の締めを戻す`,
      children: (
        <Text size="sm">
          決算振替仕訳を取り消し、この年度の仕訳を再び変更できるようにします。翌年度の期首残高も再計算されます。
          この操作は会社の管理者だけが行え、操作履歴に残ります。
        </Text>
      ),
      labels: { confirm: '締めを戻す', cancel: 'キャンセル' },
      onConfirm: () =>
        write.mutate(
          { method: 'post', path: `${FISCAL_YEARS_PATH}/${year.id}/reopen` },
          { onSuccess: () => notifySuccess(`${fiscalYearLabel(year.end_date)}の締めを戻しました`), onError: fail },
        ),
    });

  const toggleMonth = (from: string, to: string, label: string) => {
    const lock = lockOf(locks, from, to);
    if (lock && lock.kind === 'year') return;
    if (lock)
      write.mutate(
        { method: 'delete', path: `${PERIOD_LOCKS_PATH}/${lock.id}` },
        { onSuccess: () => notifySuccess(`${label}の締めを解除しました`), onError: fail },
      );
    else
      write.mutate(
        { method: 'post', path: PERIOD_LOCKS_PATH, body: { kind: 'month', date: from } },
        { onSuccess: () => notifySuccess(`${label}を締めました`), onError: fail },
      );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="fiscal-year">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Text fw={700}>{fiscalYearLabel(year.end_date)}</Text>
          <Text size="sm" c="dimmed">
            {formatDateJa(year.start_date)} 〜 {formatDateJa(year.end_date)}
          </Text>
          {closed ? (
            <Badge color="gray" leftSection={<IconLock size={12} />}>
              締め済み{year.closed_at ? `（${formatDateTimeJa(year.closed_at)}）` : ''}
            </Badge>
          ) : (
            <Badge color="success" variant="light">
              入力中
            </Badge>
          )}
        </Group>
        {!closed ? (
          <Button size="xs" variant="light" color="danger" onClick={confirmClose} leftSection={<IconLock size={14} />}>
            年度を締める
          </Button>
        ) : (
          <Button size="xs" variant="default" onClick={confirmReopen} leftSection={<IconLockOpen size={14} />}>
            締めを戻す
          </Button>
        )}
      </Group>
      <SimpleGrid cols={12} spacing={6}>
        {monthsOf(year.start_date, year.end_date).map((m) => {
          const lock = lockOf(locks, m.from, m.to) ?? (closed ? yearLock : undefined);
          const locked = Boolean(lock) || closed;
          const label = `${m.from.slice(0, 4)}年${m.label}`;
          return (
            <Tooltip
              key={m.from}
              withArrow
              label={
                lock?.locked_at
                  ? `${lock.locked_by_name ?? ''} ${formatDateTimeJa(lock.locked_at)} に締め`
                  : closed
                    ? '年度締め済み'
                    : 'クリックで月を締める'
              }
            >
              <UnstyledButton
                aria-label={`${label}を${locked ? '締め解除' : '締める'}`}
                aria-pressed={locked}
                disabled={closed || lock?.kind === 'year'}
                onClick={() => toggleMonth(m.from, m.to, label)}
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 6,
                  padding: '6px 0',
                  textAlign: 'center',
                  background: locked ? 'var(--mantine-color-gray-1)' : 'white',
                }}
              >
                <Text size="xs" fw={600}>
                  {m.label}
                </Text>
                <Group gap={2} justify="center">
                  {locked ? (
                    <IconLock size={12} color="var(--mantine-color-gray-7)" />
                  ) : (
                    <IconLockOpen size={12} color="var(--mantine-color-gray-4)" />
                  )}
                  <Text size="10px" c={locked ? 'gray.7' : 'dimmed'}>
                    {locked ? '締め済' : '未締め'}
                  </Text>
                </Group>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}

/** /company/accountings/fiscal-years — 会計年度と月次の締め. */
export default function FiscalYearsPage() {
  const years = useFiscalYears();
  const locks = usePeriodLocks();
  const write = useBooksWrite();
  const accounts = useAccounts();
  const [opening, setOpening] = useState(false);
  return (
    <>
      <PageHeader
        title="会計年度・締め"
        description={
          <>
            月次・年度の締めを行います。締めた期間の仕訳は逆仕訳でのみ訂正できます。{' '}
            <Anchor component={Link} to="/company/accountings_bk" size="sm">
              仕訳帳へ
            </Anchor>
          </>
        }
        actions={
          <>
            <Button variant="default" disabled={!accounts.data} onClick={() => setOpening(true)}>
              期首残高を入力して作成
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              loading={write.isPending}
              onClick={() =>
                write.mutate(
                  { method: 'post', path: FISCAL_YEARS_PATH, body: {} },
                  { onSuccess: () => notifySuccess('次の会計年度を作成しました'), onError: fail },
                )
              }
            >
              次の年度を作成
            </Button>
          </>
        }
      />
      <Stack gap="md">
        {years.isPending && <Skeleton height={120} radius="md" />}
        {(years.data ?? []).map((year) => (
          <YearCard key={year.id} year={year} locks={locks.data ?? []} />
        ))}
      </Stack>
      {opening && accounts.data && (
        <OpeningBalancesModal
          accounts={accounts.data}
          onClose={() => setOpening(false)}
          onSubmit={(body) =>
            write
              .mutateAsync({ method: 'post', path: FISCAL_YEARS_PATH, body })
              .then(() => notifySuccess('期首残高を登録して年度を作成しました'))
          }
        />
      )}
    </>
  );
}
