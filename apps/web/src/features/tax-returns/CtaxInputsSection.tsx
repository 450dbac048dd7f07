import {
  APPORTIONMENT_LABELS,
  type Apportionment,
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  CALC_LABELS,
  CONSUMPTION_TAX_METHOD_LABELS,
  CONSUMPTION_TAX_METHODS,
  type ConsumptionTaxDraftInputs,
  type ConsumptionTaxMethod,
  type ConsumptionTaxSources,
  formatJPY,
  type PurchaseCalc,
  type SalesCalc,
} from '@chobo/core';
import { Anchor, Button, Group, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MoneyField } from '../../components/fields';
import { ctaxLinkHref } from './CtaxLinesSection';
import { Section } from './Section';

const yen = (v: number | string) => (typeof v === 'number' ? v : 0);

/** The figures the books gave (read-only here; 帳簿から作成 refreshes them), each with its sources. */
const BOOK_FIGURES: [string, string, (i: ConsumptionTaxDraftInputs) => number][] = [
  ['sales.10.gross', '課税売上（10%・税込）', (i) => i.sales['10'].gross],
  ['sales.8.gross', '課税売上（8%・税込）', (i) => i.sales['8'].gross],
  ['sales.10.invoice_tax', '発行した適格請求書の消費税額等（10%）', (i) => i.sales['10'].invoice_tax],
  ['sales.8.invoice_tax', '発行した適格請求書の消費税額等（8%）', (i) => i.sales['8'].invoice_tax],
  ['sales_returns.10', '売上の返還等（10%・税込）', (i) => i.sales_returns['10']],
  ['sales_returns.8', '売上の返還等（8%・税込）', (i) => i.sales_returns['8']],
  ['bad_debts.10', '貸倒れ（10%・税込）', (i) => i.bad_debts['10']],
  ['bad_debts.8', '貸倒れ（8%・税込）', (i) => i.bad_debts['8']],
  ['purchases.10.gross', '課税仕入れ（10%・税込）', (i) => i.purchases['10'].gross],
  ['purchases.8.gross', '課税仕入れ（8%・税込）', (i) => i.purchases['8'].gross],
  ['purchases.10.invoice_tax', '受領した適格請求書の消費税額等（10%）', (i) => i.purchases['10'].invoice_tax],
  ['purchases.8.invoice_tax', '受領した適格請求書の消費税額等（8%）', (i) => i.purchases['8'].invoice_tax],
  [
    'transitional_purchases.80.10',
    '登録のない仕入先からの仕入れ 経過措置80%（10%）',
    (i) => i.transitional_purchases['80']['10'],
  ],
  [
    'transitional_purchases.80.8',
    '登録のない仕入先からの仕入れ 経過措置80%（8%）',
    (i) => i.transitional_purchases['80']['8'],
  ],
  [
    'transitional_purchases.50.10',
    '登録のない仕入先からの仕入れ 経過措置50%（10%）',
    (i) => i.transitional_purchases['50']['10'],
  ],
  [
    'transitional_purchases.50.8',
    '登録のない仕入先からの仕入れ 経過措置50%（8%）',
    (i) => i.transitional_purchases['50']['8'],
  ],
  ['export_sales', '免税売上高（輸出）', (i) => i.export_sales],
  ['exempt_sales', '非課税売上高', (i) => i.exempt_sales],
];

function BookFigures({ inputs, sources }: { inputs: ConsumptionTaxDraftInputs; sources: ConsumptionTaxSources }) {
  const rows = BOOK_FIGURES.filter(([path, , get]) => get(inputs) !== 0 || (sources[path]?.length ?? 0) > 0);
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        帳簿の金額はまだありません。「帳簿から作成」を押してください。
      </Text>
    );
  return (
    <Table withTableBorder striped fz="sm" data-testid="ctax-book-figures">
      <Table.Tbody>
        {rows.map(([path, label, get]) => (
          <Table.Tr key={path}>
            <Table.Td>
              {label}
              {(sources[path] ?? []).map((s) => {
                const href = ctaxLinkHref({ label: s.label, query: s.query });
                return (
                  <Text key={`${s.label}-${s.kind}`} size="xs" c="dimmed">
                    {s.label}（{s.count}件・{formatJPY(s.amount)}）
                    {href && s.kind === 'journal' && (
                      <Anchor component={Link} to={href} size="xs" ml={4}>
                        仕訳を見る
                      </Anchor>
                    )}
                  </Text>
                );
              })}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {formatJPY(get(inputs))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** This year's choices (方式, 計算方法, 基準期間の課税売上高, 中間納付) and the figures from the books. */
export function CtaxInputsSection({
  inputs,
  sources,
  change,
  save,
  saving,
  dirty,
}: {
  inputs: ConsumptionTaxDraftInputs;
  sources: ConsumptionTaxSources;
  change: (patch: Partial<ConsumptionTaxDraftInputs>) => void;
  save: () => void;
  saving: boolean;
  dirty: boolean;
}) {
  const opts = <K extends string>(labels: Record<K, string>, keys: readonly K[]) =>
    keys.map((k) => ({ value: String(k), label: labels[k] }));
  return (
    <Section
      title="この年度の申告の設定と帳簿の金額"
      description="変更すると下の計算にすぐ反映されます。保存すると申告書（PDF）に使われます。"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label="課税方式"
          data={opts(CONSUMPTION_TAX_METHOD_LABELS, CONSUMPTION_TAX_METHODS)}
          value={inputs.method}
          onChange={(v) => v && change({ method: v as ConsumptionTaxMethod })}
          allowDeselect={false}
        />
        <Select
          label="売上税額の計算方法"
          data={opts(CALC_LABELS, ['warimodoshi', 'tsumiage'] as const)}
          value={inputs.sales_calc}
          onChange={(v) => v && change({ sales_calc: v as SalesCalc })}
          allowDeselect={false}
        />
        <Select
          label="仕入税額の計算方法（一般課税）"
          data={opts(CALC_LABELS, ['tsumiage', 'warimodoshi'] as const)}
          value={inputs.purchase_calc}
          onChange={(v) => v && change({ purchase_calc: v as PurchaseCalc })}
          allowDeselect={false}
          disabled={inputs.method !== 'general'}
        />
        <Select
          label="主な事業区分（簡易課税）"
          data={BUSINESS_TYPES.map((t) => ({ value: String(t), label: BUSINESS_TYPE_LABELS[t] }))}
          value={inputs.main_business_type ? String(inputs.main_business_type) : null}
          onChange={(v) => change({ main_business_type: v ? (Number(v) as 1) : undefined })}
          disabled={inputs.method !== 'simplified'}
          placeholder="選択してください"
        />
        <Select
          label="控除税額の計算（課税売上割合95%未満など）"
          data={opts(APPORTIONMENT_LABELS, ['individual', 'proportional'] as const)}
          value={inputs.apportionment ?? null}
          onChange={(v) => change({ apportionment: (v as Apportionment | null) ?? undefined })}
          disabled={inputs.method !== 'general'}
          placeholder="全額控除できるときは不要"
          clearable
        />
        <MoneyField
          label="基準期間の課税売上高"
          suffix="円"
          value={inputs.base_period_taxable_sales}
          onChange={(v) => change({ base_period_taxable_sales: yen(v) })}
        />
        <MoneyField
          label="中間納付税額（国税）"
          suffix="円"
          value={inputs.interim_national}
          onChange={(v) => change({ interim_national: yen(v) })}
        />
        <MoneyField
          label="中間納付譲渡割額（地方消費税）"
          suffix="円"
          value={inputs.interim_local}
          onChange={(v) => change({ interim_local: yen(v) })}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button onClick={save} loading={saving} disabled={!dirty}>
          保存
        </Button>
        <Text size="xs" c={dirty ? 'orange.8' : 'dimmed'} aria-live="polite" data-testid="ctax-save-state">
          {dirty ? '未保存の変更があります' : '保存済み'}
        </Text>
      </Group>
      <Text fw={700} size="sm" mt="md" mb={4}>
        帳簿から集計した金額
      </Text>
      <BookFigures inputs={inputs} sources={sources} />
    </Section>
  );
}
