import { type ConsumptionTaxReturn, formatJPY } from '@chobo/core';
import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { postConsumptionTaxEntry } from './api';
import { Section } from './Section';

type Settlement = NonNullable<ConsumptionTaxReturn['settlement']>;

/** The settlement entry's lines: 仮受消費税等 and 仮払消費税等 closed against 未払消費税等, the rounding to 雑収入 / 雑損失. */
export function settlementLines(s: Settlement): { side: '借方' | '貸方'; account: string; amount: number }[] {
  const lines: { side: '借方' | '貸方'; account: string; amount: number }[] = [
    { side: '借方', account: '仮受消費税等', amount: s.output_balance },
    { side: '貸方', account: '仮払消費税等', amount: s.input_balance },
    { side: '貸方', account: '未払消費税等', amount: s.payable },
  ];
  if (s.rounding > 0) lines.push({ side: '貸方', account: '雑収入', amount: s.rounding });
  if (s.rounding < 0) lines.push({ side: '借方', account: '雑損失', amount: -s.rounding });
  return lines;
}

function LinesTable({ s }: { s: Settlement }) {
  return (
    <Table withTableBorder fz="sm">
      <Table.Tbody>
        {settlementLines(s).map((l) => (
          <Table.Tr key={l.account}>
            <Table.Td>
              （{l.side}）{l.account}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatJPY(l.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Why the entry cannot be posted now (null: it can). */
function blocked(ret: ConsumptionTaxReturn, dirty: boolean): string | null {
  if (!ret.result) return '適用できない課税方式のため、仕訳を計上できません。';
  if (!ret.settlement) return '仮受消費税等・仮払消費税等の残高がありません。';
  if (dirty || !ret.updated_at) return '先に申告書を保存してください。';
  return null;
}

/** 消費税の精算仕訳: the balances behind it, and the entry posted after a confirmation. */
export function CtaxSettlementSection({
  ret,
  dirty,
  adopt,
}: {
  ret: ConsumptionTaxReturn;
  dirty: boolean;
  adopt: (r: ConsumptionTaxReturn) => void;
}) {
  const client = useQueryClient();
  const s = ret.settlement;
  const why = blocked(ret, dirty);
  const confirm = () =>
    s &&
    ret.result &&
    ret.updated_at &&
    modals.openConfirmModal({
      title: '消費税の精算仕訳を計上しますか',
      children: (
        <Stack gap="xs">
          <Text size="sm">{ret.fiscal_year.end_date} の日付で、次の仕訳を登録します。</Text>
          <LinesTable s={s} />
          <Text size="xs" c="dimmed">
            端数（申告額と仮受・仮払の差額）は雑収入または雑損失になります。計上後は申告書から取り消します。
          </Text>
        </Stack>
      ),
      labels: { confirm: '計上する', cancel: 'キャンセル' },
      onConfirm: async () => {
        try {
          const total = ret.result?.total_payable ?? 0;
          adopt(
            await postConsumptionTaxEntry(ret.fiscal_year.id, {
              total_payable: total,
              updated_at: ret.updated_at as string,
            }),
          );
          await client.invalidateQueries({ queryKey: ['accounting'] });
          notifySuccess('消費税の精算仕訳を計上しました。');
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });
  return (
    <Section
      title="消費税の精算仕訳"
      description={
        ret.entry_id
          ? 'この年度の精算仕訳は計上済みです。計上した仕訳の内容です。'
          : '期末の仮受消費税等・仮払消費税等を未払消費税等に振り替えます。'
      }
    >
      {s && <LinesTable s={s} />}
      {ret.entry_id ? (
        <Text size="sm" mt="sm" data-testid="ctax-entry-posted">
          計上済みです（
          <Anchor component={Link} to={`/company/accountings_bk/edit?id=${ret.entry_id}`}>
            仕訳を見る
          </Anchor>
          ）
        </Text>
      ) : (
        <>
          <Button mt="sm" variant="light" onClick={confirm} disabled={why !== null}>
            精算仕訳を計上…
          </Button>
          {why && (
            <Text size="xs" c="dimmed" mt={4}>
              {why}
            </Text>
          )}
        </>
      )}
    </Section>
  );
}
