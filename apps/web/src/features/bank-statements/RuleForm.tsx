import type { BankRule } from '@chobo/core';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { NumberField } from '../../components/fields';
import { AccountSelect } from '../accounting/AccountSelect';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { RulePreviewTable } from './RulePreviewTable';
import { RuleSplits } from './RuleSplits';
import type { RuleValues } from './rule-values';
import { TAX_OPTIONS } from './tax-options';
import { type RuleFormState, useRuleForm } from './use-rule-form';

export type { RuleValues, SplitValues } from './rule-values';
export { ruleInput, ruleValues, splitCheck } from './rule-values';

/** A bank rule: its name, the conditions a statement line must meet, the journal it makes, the splits. */
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
  const form = useRuleForm(rule, initial, onDone);
  const { v, set, err, errors, preview, previewing, runPreview, save, saving, nameOf } = form;
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

      <RuleConditions form={form} />

      <Title order={5}>仕訳</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AccountSelect
          label="勘定科目"
          withAsterisk
          accounts={form.list}
          value={v.account_id}
          onChange={form.setAccount}
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

      <RuleSplits form={form} />

      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      {preview && <RulePreviewTable preview={preview} nameOf={nameOf} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          キャンセル
        </Button>
        <Button variant="light" onClick={runPreview} loading={previewing}>
          プレビュー
        </Button>
        <Button onClick={save} loading={saving}>
          {rule ? 'ルールを更新' : 'ルールを保存'}
        </Button>
      </Group>
    </Stack>
  );
}

/** 条件: the description (contains or a regular expression), in or out, the amount range, the counterparty. */
function RuleConditions({ form }: { form: RuleFormState }) {
  const { v, set, err } = form;
  return (
    <>
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
          <NumberField
            label="金額（以上）"
            min={0}
            thousandSeparator=","
            suffix="円"
            value={v.amount_min}
            onChange={(x) => set('amount_min', x === '' ? '' : Number(x))}
            error={err('amount_min')}
          />
          <NumberField
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
    </>
  );
}
