import { type CustomerValues, checkZenginKana, SUPPLIER_FEE_BEARERS, ZENGIN_ACCOUNT_TYPES } from '@chobo/core';
import { Autocomplete, Grid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormSection } from '../../components/FormSection';
import { SelectField } from '../../components/fields/SelectField';
import { fieldProps } from '../../lib/field-props';
import { useZenginName, useZenginSearch } from './api';
import type { CustomerFormValues } from './form-values';

type Form = UseFormReturn<CustomerFormValues, unknown, CustomerValues>;

const ACCOUNT_TYPES = Object.entries(ZENGIN_ACCOUNT_TYPES).map(([value, label]) => ({ value, label }));
const FEE_BEARERS = Object.entries(SUPPLIER_FEE_BEARERS).map(([value, label]) => ({ value, label }));

/** The looked-up name under a code: 「三菱ＵＦＪ」, or that none has the code. */
function lookedUp(query: ReturnType<typeof useZenginName>, what: string): string | undefined {
  if (query.fetchStatus === 'fetching') return '確認しています…';
  if (query.isError) return `該当する${what}がありません`;
  if (query.data === null) return `該当する${what}がありません`;
  return query.data?.name;
}

/**
 * Choosing a bank or branch by its name: the matches as 「0005 三菱ＵＦＪ」, the chosen one's code written into the
 * code field (which then looks the name up as if typed).
 */
function ZenginSearch({
  label,
  bankCode,
  disabled,
  onPick,
}: {
  label: string;
  bankCode?: string;
  disabled?: boolean;
  onPick: (code: string) => void;
}) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = useZenginSearch(/^\d+$/.test(q) ? '' : q, bankCode);
  const options = (found.data ?? []).map((e) => `${e.code} ${e.name}`);
  return (
    <Autocomplete
      label={label}
      placeholder="名前・カナで検索（例: みずほ）"
      value={text}
      onChange={setText}
      data={options}
      filter={({ options: all }) => all}
      disabled={disabled}
      onOptionSubmit={(value) => {
        onPick(value.slice(0, value.indexOf(' ')));
        setText('');
      }}
      description={
        q !== '' && found.data?.length === 0 && !/^\d+$/.test(q) ? `「${q}」に一致するものがありません` : undefined
      }
    />
  );
}

/**
 * 振込先 (issue 28): the supplier's bank account for 全銀 transfers. The bank and branch names are looked up
 * from the 全銀 codes as they are typed; the holder is shown as the bank will read it (half-width kana).
 */
export function BankAccountSection({ form }: { form: Form }) {
  const { control } = form;
  const [bankCode, branchCode, holder] = useWatch({
    control,
    name: ['bank_account.bank_code', 'bank_account.branch_code', 'bank_account.holder_kana'],
  });
  const bank = useZenginName((bankCode ?? '').trim());
  const branch = useZenginName((branchCode ?? '').trim(), bank.data ? bank.data.code : '');
  const converted = holder?.trim() ? checkZenginKana(holder) : null;
  return (
    <FormSection
      title="振込先"
      description="支払（総合振込データ）に使う取引先の口座です。使わない場合は空欄のままにしてください。"
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ZenginSearch
            label="金融機関を名前で探す"
            onPick={(code) => {
              form.setValue('bank_account.bank_code', code, { shouldDirty: true, shouldValidate: true });
              form.setValue('bank_account.branch_code', '', { shouldDirty: true });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ZenginSearch
            label="支店を名前で探す"
            bankCode={bank.data?.code}
            disabled={!bank.data}
            onPick={(code) =>
              form.setValue('bank_account.branch_code', code, { shouldDirty: true, shouldValidate: true })
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="銀行コード"
            placeholder="0005"
            inputMode="numeric"
            maxLength={4}
            description={lookedUp(bank, '金融機関') ?? '4桁の金融機関コード'}
            data-testid="bank-code"
            {...fieldProps(form, 'bank_account.bank_code')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="支店コード"
            placeholder="001"
            inputMode="numeric"
            maxLength={3}
            description={(bank.data && lookedUp(branch, '支店')) || '3桁の支店コード'}
            data-testid="branch-code"
            {...fieldProps(form, 'bank_account.branch_code')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField control={control} name="bank_account.account_type" label="預金種目" data={ACCOUNT_TYPES} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="口座番号"
            placeholder="1234567"
            inputMode="numeric"
            maxLength={7}
            description="7桁に満たない番号は先頭を0で埋めます"
            {...fieldProps(form, 'bank_account.account_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="受取人名（口座名義）"
            placeholder="カ）ヤマダショウジ"
            description={
              converted?.ok
                ? `振込データでは「${converted.value}」`
                : '全角カナ・ひらがなも半角カナに変換します（株式会社 → ｶ)）'
            }
            {...fieldProps(form, 'bank_account.holder_kana')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField control={control} name="bank_account.fee_bearer" label="振込手数料" data={FEE_BEARERS} />
        </Grid.Col>
        {converted && !converted.ok && (
          <Grid.Col span={12}>
            <Text size="sm" c="danger" role="status">
              受取人名の「{converted.char}」は振込に使えない文字です
            </Text>
          </Grid.Col>
        )}
      </Grid>
    </FormSection>
  );
}
