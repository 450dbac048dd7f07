import { type BankRule, formatJPY } from '@chobo/core';
import { ActionIcon, Badge, Group, Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useAccountsList, useDeleteRule, useRules, useUpdateRule } from './api';
import { RuleForm, ruleInput, ruleValues } from './RuleForm';
import { SettingsTableCard, useCardEditing } from './SettingsTableCard';

/** The condition of a rule in words. */
export function conditionOf(r: BankRule): string {
  const parts: string[] = [];
  if (r.direction !== 'any') parts.push(r.direction === 'in' ? '入金' : '出金');
  if (r.description_contains) parts.push(`摘要に「${r.description_contains}」を含む`);
  if (r.description_regex)
    parts.push(
      r.regex_refused
        ? `摘要が /${r.description_regex}/ に一致（この正規表現は使えない書き方のため適用していません）`
        : `摘要が /${r.description_regex}/ に一致`,
    );
  if (r.counterparty_contains) parts.push(`振込名義に「${r.counterparty_contains}」を含む`);
  if (r.amount_min !== null || r.amount_max !== null)
    parts.push(
      `金額 ${r.amount_min === null ? '' : formatJPY(r.amount_min)}〜${r.amount_max === null ? '' : formatJPY(r.amount_max)}`,
    );
  return parts.join('・');
}

/** The rule form in a modal: a saved rule, or a new one (optionally pre-filled, e.g. from a rule offer). */
export function RuleModal({
  opened,
  rule,
  initial,
  onClose,
}: {
  opened: boolean;
  rule: BankRule | null;
  initial?: Partial<BankRule>;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rule ? `ルール「${rule.name}」の編集` : '自動仕訳ルールの作成'}
      size="xl"
      fullScreen={phone}
    >
      {opened && <RuleForm rule={rule} initial={initial} onDone={onClose} onCancel={onClose} />}
    </Modal>
  );
}

/** 自動仕訳ルール in priority order: reorder, create, edit, delete. */
export function RulesCard() {
  const rules = useRules();
  const accounts = useAccountsList();
  const remove = useDeleteRule();
  const update = useUpdateRule();
  const card = useCardEditing<BankRule>();
  const { setError } = card;
  const [moving, setMoving] = useState(false);
  const name = (id: number) => accounts.data?.find((a) => a.id === id)?.name ?? '';
  const list = rules.data ?? [];

  /** Moves a rule one place up or down: the rules are renumbered 10, 20, 30… and the changed ones saved. */
  const move = async (index: number, delta: -1 | 1) => {
    const order = [...list];
    const [r] = order.splice(index, 1);
    order.splice(index + delta, 0, r);
    setMoving(true);
    setError(null);
    try {
      for (const [i, x] of order.entries()) {
        const priority = (i + 1) * 10;
        if (x.priority !== priority)
          await update.mutateAsync({ ...ruleInput(ruleValues(x)), priority, id: x.id, updated_at: x.updated_at });
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setMoving(false);
    }
  };

  return (
    <SettingsTableCard
      title="自動仕訳ルール（優先順）"
      createLabel="ルールを作成"
      onCreate={card.create}
      description="上のルールから順に明細と照らし合わせ、最初に一致したルールで仕訳の候補を作ります。"
      error={card.error}
      minWidth={720}
      head={
        <>
          <Table.Th w={72}>順番</Table.Th>
          <Table.Th>ルール名</Table.Th>
          <Table.Th>条件</Table.Th>
          <Table.Th>勘定科目</Table.Th>
          <Table.Th>分割</Table.Th>
          <Table.Th w={72} />
        </>
      }
      empty={
        rules.isSuccess && list.length === 0
          ? {
              colSpan: 6,
              text: 'ルールはまだありません。同じ明細を2回同じように確定すると、ルールの保存を提案します。',
            }
          : null
      }
      modal={<RuleModal opened={card.opened} rule={card.editing} onClose={card.close} />}
    >
      {list.map((r, i) => (
        <Table.Tr key={r.id}>
          <Table.Td>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`ルール「${r.name}」を上へ`}
                disabled={i === 0 || moving}
                onClick={() => void move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`ルール「${r.name}」を下へ`}
                disabled={i === list.length - 1 || moving}
                onClick={() => void move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          </Table.Td>
          <Table.Td>
            {r.name}
            {!r.is_active && (
              <Badge ml={6} color="gray" size="xs">
                停止中
              </Badge>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{conditionOf(r)}</Text>
          </Table.Td>
          <Table.Td>{name(r.account_id)}</Table.Td>
          <Table.Td>
            {r.splits.map((s) => (
              <Text size="xs" key={`${s.account_id}-${s.amount}-${s.percent}`}>
                {name(s.account_id)} {s.amount !== null ? formatJPY(s.amount) : `${s.percent}%`}
              </Text>
            ))}
          </Table.Td>
          <Table.Td>
            <RowActions
              name={`ルール「${r.name}」`}
              onEdit={() => card.setEditing(r)}
              deleteTitle="ルールの削除"
              deleteMessage={`ルール「${r.name}」を削除しますか？`}
              deleting={remove.isPending && remove.variables === r.id}
              onDelete={() =>
                remove.mutate(r.id, {
                  onSuccess: () => notifySuccess('ルールを削除しました'),
                  onError: (e) => setError(errorMessage(e)),
                })
              }
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </SettingsTableCard>
  );
}
