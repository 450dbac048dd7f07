import { type BankRule, type BankRuleInput, formatJPY, JOURNAL_TAX_CATEGORIES } from '@chobo/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { AccountSelect } from '../accounting/AccountSelect';
import { useAccounts } from '../accounting/api';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { previewRule, type RulePreview, useCreateRule, useUpdateRule } from './api';

const TAX_OPTIONS = Object.entries(JOURNAL_TAX_CATEGORIES).map(([value, label]) => ({ value, label }));

export interface SplitValues {
  key: number;
  account_id: number | null;
  tax_category: string;
  mode: 'amount' | 'percent';
  amount: number | '';
  percent: number | '';
  description: string;
}

export interface RuleValues {
  name: string;
  priority: number;
  is_active: boolean;
  text_mode: 'contains' | 'regex';
  text: string;
  direction: 'in' | 'out' | 'any';
  amount_min: number | '';
  amount_max: number | '';
  counterparty_contains: string;
  account_id: number | null;
  tax_category: string;
  customer_id: number | null;
  description_template: string;
  splits: SplitValues[];
}

let splitKey = 1;

/** The form's values of a saved rule, of a rule offer (partial) or of a new rule. */
export function ruleValues(r: Partial<BankRule> = {}): RuleValues {
  return {
    name: r.name ?? '',
    priority: r.priority ?? 100,
    is_active: r.is_active ?? true,
    text_mode: r.description_regex ? 'regex' : 'contains',
    text: r.description_regex ?? r.description_contains ?? '',
    direction: r.direction ?? 'any',
    amount_min: r.amount_min ?? '',
    amount_max: r.amount_max ?? '',
    counterparty_contains: r.counterparty_contains ?? '',
    account_id: r.account_id ?? null,
    tax_category: r.tax_category ?? 'none',
    customer_id: r.customer_id ?? null,
    description_template: r.description_template ?? '',
    splits: (r.splits ?? []).map((s) => ({
      key: splitKey++,
      account_id: s.account_id,
      tax_category: s.tax_category,
      mode: s.percent !== null ? 'percent' : 'amount',
      amount: s.amount ?? '',
      percent: s.percent ?? '',
      description: s.description ?? '',
    })),
  };
}

const num = (v: number | '') => (v === '' ? null : Number(v));

/** The API body of the form's values. */
export function ruleInput(v: RuleValues): BankRuleInput {
  return {
    name: v.name,
    priority: v.priority,
    is_active: v.is_active,
    description_contains: v.text_mode === 'contains' ? v.text || null : null,
    description_regex: v.text_mode === 'regex' ? v.text || null : null,
    direction: v.direction,
    amount_min: num(v.amount_min),
    amount_max: num(v.amount_max),
    counterparty_contains: v.counterparty_contains || null,
    account_id: v.account_id as number,
    tax_category: v.tax_category as 'none',
    customer_id: v.customer_id,
    description_template: v.description_template || null,
    splits: v.splits.map((s) => ({
      account_id: s.account_id as number,
      tax_category: s.tax_category as 'none',
      amount: s.mode === 'amount' ? num(s.amount) : null,
      percent: s.mode === 'percent' ? num(s.percent) : null,
      description: s.description || null,
    })),
  };
}

/**
 * How the splits divide an example amount (as the server does: each split its fixed amount or its
 * percentage rounded down to the yen, the main line the rest) and what is wrong with them.
 */
export function splitCheck(sample: number, splits: Pick<SplitValues, 'mode' | 'amount' | 'percent'>[]) {
  const parts = splits.map((s) =>
    s.mode === 'amount' ? Number(s.amount || 0) : Math.floor((sample * Number(s.percent || 0)) / 100),
  );
  const percent = splits.reduce((t, s) => t + (s.mode === 'percent' ? Number(s.percent || 0) : 0), 0);
  const rest = sample - parts.reduce((t, p) => t + p, 0);
  const problems: string[] = [];
  if (splits.some((s) => (s.mode === 'amount' ? s.amount === '' : s.percent === '')))
    problems.push('分割の金額または割合を入力してください');
  if (percent >= 100) problems.push(`分割の割合の合計が${percent}%です。100%未満にしてください`);
  else if (rest <= 0)
    problems.push(
      `分割の合計 ${formatJPY(sample - rest)} が金額 ${formatJPY(sample)} 以上です（主の勘定科目に残りません）`,
    );
  return { parts, rest, percent, ok: problems.length === 0, problems };
}

export function RuleForm({
  rule,
  initial,
  onDone,
  onCancel,
}: {
  /** The rule being edited (null: a new one). */
  rule: BankRule | null;
  /** Values to start a new rule with (e.g. from a rule offer). */
  initial?: Partial<BankRule>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const accounts = useAccounts();
  const create = useCreateRule();
  const update = useUpdateRule();
  const [v, setV] = useState<RuleValues>(() => ruleValues(rule ?? initial));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sample, setSample] = useState<number | ''>(rule?.amount_min || initial?.amount_min || 10_000);
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const list = accounts.data ?? [];
  const nameOf = (id: number) => list.find((a) => a.id === id)?.name ?? '';
  const set = <K extends keyof RuleValues>(k: K, value: RuleValues[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    setPreview(null);
  };
  const setSplit = (key: number, patch: Partial<SplitValues>) =>
    set(
      'splits',
      v.splits.map((s) => (s.key === key ? { ...s, ...patch } : s)),
    );
  const err = (k: string) => errors[k]?.[0];
  const check = splitCheck(Number(sample || 0), v.splits);

  const local = (): Record<string, string[]> => {
    const e: Record<string, string[]> = {};
    if (!v.name.trim()) e.name = ['ルール名を入力してください'];
    if (!v.account_id) e.account_id = ['勘定科目を選択してください'];
    if (!v.text && !v.counterparty_contains && v.amount_min === '' && v.amount_max === '')
      e.text = ['条件を1つ以上入力してください'];
    v.splits.forEach((s, i) => {
      if (!s.account_id) e[`splits.${i}.account_id`] = ['勘定科目を選択してください'];
    });
    if (v.splits.length && !check.ok) e.splits = check.problems;
    return e;
  };
  const serverErrors = (e: unknown) => {
    const fe = isApiError(e) ? { ...e.errors } : {};
    // the server names the text condition by its field
    if (fe.description_contains || fe.description_regex)
      fe.text = [...(fe.description_contains ?? []), ...(fe.description_regex ?? [])];
    setErrors(Object.keys(fe).length ? fe : { _: [errorMessage(e)] });
  };

  const runPreview = async () => {
    const e = local();
    setErrors(e);
    if (Object.keys(e).length) return;
    setPreviewing(true);
    try {
      setPreview(await previewRule(ruleInput(v)));
    } catch (x) {
      serverErrors(x);
    } finally {
      setPreviewing(false);
    }
  };
  const save = async () => {
    const e = local();
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      if (rule) await update.mutateAsync({ ...ruleInput(v), id: rule.id, updated_at: rule.updated_at });
      else await create.mutateAsync(ruleInput(v));
      notifySuccess(rule ? '自動仕訳ルールを更新しました' : '自動仕訳ルールを保存しました');
      onDone();
    } catch (x) {
      serverErrors(x);
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="ルール名"
          withAsterisk
          value={v.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={err('name')}
          data-autofocus
        />
        <Switch
          mt={{ base: 0, sm: 'xl' }}
          label="このルールを使う"
          checked={v.is_active}
          onChange={(e) => set('is_active', e.currentTarget.checked)}
        />
      </SimpleGrid>

      <Title order={5}>条件（すべてに一致する明細に使います）</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <SegmentedControl
            size="xs"
            value={v.text_mode}
            onChange={(m) => set('text_mode', m as RuleValues['text_mode'])}
            data={[
              { value: 'contains', label: '摘要に含む' },
              { value: 'regex', label: '正規表現' },
            ]}
            aria-label="摘要の条件の種類"
          />
          <TextInput
            aria-label={v.text_mode === 'regex' ? '摘要の正規表現' : '摘要に含む文字'}
            placeholder={v.text_mode === 'regex' ? '例: ^ﾔﾁﾝ|家賃' : '例: ﾃﾞﾝﾜﾘﾖｳ（半角・全角どちらでも）'}
            value={v.text}
            onChange={(e) => set('text', e.currentTarget.value)}
            error={err('text')}
          />
        </Stack>
        <Select
          label="入金・出金"
          data={[
            { value: 'any', label: '入金・出金どちらも' },
            { value: 'in', label: '入金' },
            { value: 'out', label: '出金' },
          ]}
          value={v.direction}
          onChange={(d) => set('direction', (d ?? 'any') as RuleValues['direction'])}
          allowDeselect={false}
        />
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            label="金額（以上）"
            min={0}
            thousandSeparator=","
            suffix="円"
            value={v.amount_min}
            onChange={(x) => set('amount_min', x === '' ? '' : Number(x))}
            error={err('amount_min')}
          />
          <NumberInput
            label="金額（以下）"
            min={0}
            thousandSeparator=","
            suffix="円"
            value={v.amount_max}
            onChange={(x) => set('amount_max', x === '' ? '' : Number(x))}
            error={err('amount_max')}
          />
        </Group>
        <TextInput
          label="相手先名（振込依頼人）に含む"
          value={v.counterparty_contains}
          onChange={(e) => set('counterparty_contains', e.currentTarget.value)}
          error={err('counterparty_contains')}
        />
      </SimpleGrid>

      <Title order={5}>仕訳</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AccountSelect
          label="勘定科目"
          withAsterisk
          accounts={list}
          value={v.account_id}
          onChange={(id) => {
            const t = list.find((a) => a.id === id)?.default_tax_category;
            setV((prev) => ({ ...prev, account_id: id, tax_category: t ?? prev.tax_category }));
            setPreview(null);
          }}
          error={err('account_id')}
        />
        <Select
          label="税区分"
          data={TAX_OPTIONS}
          value={v.tax_category}
          onChange={(t) => set('tax_category', t ?? 'none')}
          allowDeselect={false}
        />
        <CustomerSelect
          label="取引先"
          value={v.customer_id}
          onChange={(id) => set('customer_id', id)}
          error={err('customer_id')}
        />
        <TextInput
          label="摘要の書き換え"
          placeholder="例: {counterparty} 家賃 {date}"
          description="{description} {counterparty} {date} {amount} が使えます（空欄は明細の摘要のまま）"
          value={v.description_template}
          onChange={(e) => set('description_template', e.currentTarget.value)}
          error={err('description_template')}
        />
      </SimpleGrid>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>分割（例: 振込手数料を別の行に）</Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              set('splits', [
                ...v.splits,
                {
                  key: splitKey++,
                  account_id: null,
                  tax_category: 'purchase_10',
                  mode: 'amount',
                  amount: '',
                  percent: '',
                  description: '',
                },
              ])
            }
            disabled={v.splits.length >= 10}
          >
            分割の行を追加
          </Button>
        </Group>
        {v.splits.map((s, i) => (
          <SimpleGrid
            key={s.key}
            cols={{ base: 1, sm: 5 }}
            spacing="xs"
            data-testid={`split-${i}`}
            style={{ alignItems: 'end' }}
          >
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
                <NumberInput
                  aria-label={`分割${i + 1}の金額`}
                  min={1}
                  thousandSeparator=","
                  suffix="円"
                  value={s.amount}
                  onChange={(x) => setSplit(s.key, { amount: x === '' ? '' : Number(x) })}
                  error={err(`splits.${i}.amount`)}
                />
              ) : (
                <NumberInput
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
        ))}
        {v.splits.length > 0 && (
          <Stack gap={4} data-testid="split-check">
            <Group gap="xs" align="flex-end">
              <NumberInput
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
        )}
      </Stack>

      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      {preview && (
        <Stack gap="xs" data-testid="rule-preview">
          <Text size="sm" fw={500}>
            過去の明細のうち {preview.total}件 に一致します
            {preview.total > preview.rows.length ? `（先頭${preview.rows.length}件を表示）` : ''}
          </Text>
          {preview.rows.length > 0 && (
            <ScrollArea.Autosize mah={260}>
              <Table striped fz="sm" miw={520}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>日付</Table.Th>
                    <Table.Th>摘要</Table.Th>
                    <Table.Th ta="right">金額</Table.Th>
                    <Table.Th>仕訳</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.date}</Table.Td>
                      <Table.Td>{r.description}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {r.direction === 'in' ? '入' : '出'} {formatJPY(r.amount)}
                      </Table.Td>
                      <Table.Td>
                        {r.lines.map((l) => (
                          <Text size="xs" key={`${l.account_id}-${l.amount}`}>
                            {nameOf(l.account_id)} {formatJPY(l.amount)}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          キャンセル
        </Button>
        <Button variant="light" onClick={runPreview} loading={previewing}>
          プレビュー
        </Button>
        <Button onClick={save} loading={create.isPending || update.isPending}>
          {rule ? 'ルールを更新' : 'ルールを保存'}
        </Button>
      </Group>
    </Stack>
  );
}
