import { type estimateLocalTaxes, formatJPY, type TaxReturn } from '@chobo/core';
import { Anchor, Badge, Button, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fetchTaxReturn, postTaxReturnEntry, taxReturnKeys } from './api';
import { RatesForm } from './RatesForm';
import { Section } from './Section';

/** 住民税・事業税 estimated from the rates, and the 未払法人税等 entry they add up to. */
export function EstimateSection({
  server,
  estimate,
  flush,
  adopt,
}: {
  server: TaxReturn;
  estimate: ReturnType<typeof estimateLocalTaxes>;
  flush: () => Promise<void>;
  adopt: (t: TaxReturn) => void;
}) {
  const [showRates, setShowRates] = useState(false);
  const client = useQueryClient();
  const rows: [string, number, string][] = [
    ['法人住民税 法人税割（道府県民税）', estimate.prefectural_tax, estimate.explanations.prefectural_tax],
    ['法人住民税 法人税割（市町村民税）', estimate.municipal_tax, estimate.explanations.municipal_tax],
    ['法人住民税 均等割', estimate.per_capita_levy, estimate.explanations.per_capita_levy],
    ['事業税（所得割）', estimate.business_tax, estimate.explanations.business_tax],
    ['特別法人事業税', estimate.special_business_tax, estimate.explanations.special_business_tax],
  ];
  const confirm = () =>
    modals.openConfirmModal({
      title: '法人税等の仕訳を計上しますか',
      children: (
        <Stack gap="xs">
          <Text size="sm">{server.fiscal_year.end_date} の日付で、次の仕訳を登録します。</Text>
          <Table withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>（借方）法人税、住民税及び事業税</Table.Td>
                <Table.Td ta="right">{formatJPY(estimate.total)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>（貸方）未払法人税等</Table.Td>
                <Table.Td ta="right">{formatJPY(estimate.total)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            住民税・事業税は見積もりです。中間納付額を法人税等として計上済みの場合は、その分を差し引いた金額になっています。
          </Text>
        </Stack>
      ),
      labels: { confirm: '計上する', cancel: 'キャンセル' },
      onConfirm: async () => {
        try {
          await flush();
          const current = client.getQueryData<TaxReturn>(taxReturnKeys.one(server.fiscal_year.id)) ?? server;
          adopt(
            await postTaxReturnEntry(server.fiscal_year.id, { amount: estimate.total, updated_at: current.updated_at }),
          );
          await client.invalidateQueries({ queryKey: ['accounting'] });
          notifySuccess('法人税等の仕訳を計上しました。');
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });
  return (
    <Section
      title="法人住民税・事業税（見積もり）と未払法人税等"
      description="住民税・事業税の税率は都道府県・市区町村で異なります。下の税率（初期値は標準税率）は見積もりです。"
    >
      <Table withTableBorder striped>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>法人税（15行目）＋ 地方法人税（40行目）＋ 防衛特別法人税</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatJPY(estimate.total - rows.reduce((s, r) => s + r[1], 0))}
            </Table.Td>
          </Table.Tr>
          {rows.map(([label, v, ex]) => (
            <Table.Tr key={label}>
              <Table.Td>
                {label}
                <Badge ml={6} size="xs" color="gray" variant="light">
                  見積もり
                </Badge>
                <Text size="xs" c="dimmed">
                  {ex}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatJPY(v)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>未払法人税等に計上する額（見積もり）</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="estimate-total" style={{ whiteSpace: 'nowrap' }}>
              {formatJPY(estimate.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group mt="sm" gap="sm" wrap="wrap">
        {server.entry_id ? (
          <Text size="sm">
            計上済みです（
            <Anchor component={Link} to={`/company/accountings_bk/edit?id=${server.entry_id}`}>
              仕訳を見る
            </Anchor>
            ）
          </Text>
        ) : (
          <>
            <Button
              size="sm"
              variant="light"
              onClick={confirm}
              disabled={estimate.total <= 0 || !server.updated_at || server.fiscal_year.status === 'closed'}
            >
              法人税等の仕訳を計上…
            </Button>
            {server.fiscal_year.status === 'closed' && (
              <Text size="xs" c="dimmed">
                締め済みの会計年度には計上できません（締めの前に計上するか、締めを戻してください）。
              </Text>
            )}
          </>
        )}
        <Button size="sm" variant="subtle" color="gray" onClick={() => setShowRates((v) => !v)}>
          {showRates ? '税率の設定を閉じる' : '税率を設定する'}
        </Button>
      </Group>
      <Collapse expanded={showRates}>
        <RatesForm
          onSaved={async () => {
            await flush();
            adopt(await fetchTaxReturn(server.fiscal_year.id));
          }}
        />
      </Collapse>
    </Section>
  );
}
