import { formatJPY } from '@chobo/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { NumberField } from '../../components/fields';
import { AccountSelect } from '../accounting/AccountSelect';
import { newSplit, type SplitValues } from './rule-values';
import { TAX_OPTIONS } from './tax-options';
import type { RuleFormState } from './use-rule-form';

/** 分割: lines taken out of the amount (a fixed amount or a percentage), with a trial on a sample amount. */
export function RuleSplits({ form }: { form: RuleFormState }) {
  const { v, set } = form;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>分割（例: 振込手数料を別の行に）</Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => set('splits', [...v.splits, newSplit()])}
          disabled={v.splits.length >= 10}
        >
          分割の行を追加
        </Button>
      </Group>
      {v.splits.map((s, i) => (
        <SplitRow key={s.key} form={form} s={s} i={i} />
      ))}
      {v.splits.length > 0 && <SplitTrial form={form} />}
    </Stack>
  );
}

/** One split line: account, tax category, amount or percentage, description. */
function SplitRow({ form, s, i }: { form: RuleFormState; s: SplitValues; i: number }) {
  const { v, set, setSplit, err, list } = form;
  return (
    <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="xs" data-testid={`split-${i}`} style={{ alignItems: 'end' }}>
      <AccountSelect
        label={`分割${i + 1} 勘定科目`}
        accounts={list}
        value={s.account_id}
        onChange={(id) =>
          setSplit(s.key, {
            account_id: id,
            tax_category: list.find((a) => a.id === id)?.default_tax_category ?? s.tax_category,
          })
        }
        error={err(`splits.${i}.account_id`)}
      />
      <Select
        label="税区分"
        data={TAX_OPTIONS}
        value={s.tax_category}
        onChange={(t) => setSplit(s.key, { tax_category: t ?? 'none' })}
        allowDeselect={false}
      />
      <Stack gap={4}>
        <SegmentedControl
          size="xs"
          value={s.mode}
          onChange={(m) => setSplit(s.key, { mode: m as SplitValues['mode'] })}
          data={[
            { value: 'amount', label: '金額' },
            { value: 'percent', label: '割合' },
          ]}
          aria-label={`分割${i + 1}の指定方法`}
        />
        {s.mode === 'amount' ? (
          <NumberField
            aria-label={`分割${i + 1}の金額`}
            min={1}
            thousandSeparator=","
            suffix="円"
            value={s.amount}
            onChange={(x) => setSplit(s.key, { amount: x === '' ? '' : Number(x) })}
            error={err(`splits.${i}.amount`)}
          />
        ) : (
          <NumberField
            aria-label={`分割${i + 1}の割合`}
            min={0}
            max={100}
            decimalScale={2}
            suffix="%"
            value={s.percent}
            onChange={(x) => setSplit(s.key, { percent: x === '' ? '' : Number(x) })}
            error={err(`splits.${i}.percent`)}
          />
        )}
      </Stack>
      <TextInput
        label="摘要"
        placeholder="振込手数料"
        value={s.description}
        onChange={(e) => setSplit(s.key, { description: e.currentTarget.value })}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        mb={6}
        aria-label={`分割${i + 1}を削除`}
        onClick={() =>
          set(
            'splits',
            v.splits.filter((x) => x.key !== s.key),
          )
        }
      >
        <IconTrash size={16} />
      </ActionIcon>
    </SimpleGrid>
  );
}

/** How the splits divide the sample amount, and what is wrong with them. */
function SplitTrial({ form }: { form: RuleFormState }) {
  const { v, sample, setSample, check, nameOf } = form;
  return (
    <Stack gap={4} data-testid="split-check">
      <Group gap="xs" align="flex-end">
        <NumberField
          label="試算する明細の金額"
          w={180}
          min={1}
          thousandSeparator=","
          suffix="円"
          value={sample}
          onChange={(x) => setSample(x === '' ? '' : Number(x))}
        />
        <Text size="sm">
          {v.account_id ? nameOf(v.account_id) : '勘定科目'} {formatJPY(Math.max(check.rest, 0))}
          {v.splits.map(
            (s, i) => ` ＋ ${s.account_id ? nameOf(s.account_id) : `分割${i + 1}`} ${formatJPY(check.parts[i])}`,
          )}
          {' ＝ '}
          {formatJPY(Number(sample || 0))}
        </Text>
        {check.ok && (
          <Badge color="teal" variant="light">
            合計が一致しています
          </Badge>
        )}
      </Group>
      {!check.ok && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} p="xs">
          {check.problems.map((p) => (
            <Text size="sm" key={p}>
              {p}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
