import { checkZenginKana, type TransferFeeTable, type TransferSettings } from '@chobo/core';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSaveTransferSettings, useTransferSettings } from './api';

const FEE_ROWS = [
  ['same_branch', '同一店内'],
  ['same_bank', '本支店宛'],
  ['other_bank', '他行宛'],
] as const;

const NO_FEES: TransferFeeTable = {
  same_branch_under: 0,
  same_branch_over: 0,
  same_bank_under: 0,
  same_bank_over: 0,
  other_bank_under: 0,
  other_bank_over: 0,
};

/**
 * 振込設定 of a bank account (総合振込データ): 振込依頼人コード (from the bank), 振込依頼人名 and the 先方負担
 * fee table (same branch / same bank / other bank × under 30,000円 / 30,000円 and over).
 */
export function TransferSettingsForm({ bankAccountId, onDone }: { bankAccountId: number; onDone?: () => void }) {
  const query = useTransferSettings(bankAccountId);
  if (!query.data) return query.isError ? <Alert color="red">{errorMessage(query.error)}</Alert> : null;
  return <Fields settings={query.data} onDone={onDone} />;
}

function Fields({ settings, onDone }: { settings: TransferSettings; onDone?: () => void }) {
  const save = useSaveTransferSettings(settings.bank_account_id);
  const [code, setCode] = useState(settings.requester_code ?? '');
  const [name, setName] = useState(settings.requester_name_kana ?? '');
  const [fees, setFees] = useState<TransferFeeTable>(settings.fees ?? NO_FEES);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const converted = name.trim() ? checkZenginKana(name) : null;
  const err = (k: string) => errors[k]?.[0];
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({
        requester_code: code,
        requester_name_kana: name,
        fees,
        updated_at: settings.updated_at,
      });
      notifySuccess('振込設定を保存しました');
      onDone?.();
    } catch (e) {
      const fe = isApiError(e) ? e.errors : {};
      setErrors(Object.keys(fe).length && !(isApiError(e) && e.status === 409) ? fe : { _: [errorMessage(e)] });
    }
  };
  const stray = Object.entries(errors)
    .filter(([k]) => !['requester_code', 'requester_name_kana'].includes(k) && !k.startsWith('fees.'))
    .flatMap(([, m]) => m);
  return (
    <Stack gap="sm" aria-label="振込設定">
      <Title order={4}>振込設定（総合振込データ）</Title>
      <Text size="sm" c="dimmed">
        {settings.bank_name_kana
          ? `${settings.bank_name_kana} ${settings.branch_name_kana} の口座から振り込みます。`
          : '保存すると銀行・支店のカナ名を全銀の金融機関コードから設定します。'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="振込依頼人コード"
          description="銀行から通知された10桁の番号"
          inputMode="numeric"
          maxLength={10}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={err('requester_code')}
        />
        <TextInput
          label="振込依頼人名"
          description={converted?.ok ? `振込データでは「${converted.value}」` : '半角カナに変換します'}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={err('requester_name_kana') ?? (converted && !converted.ok ? converted.message : undefined)}
        />
      </SimpleGrid>
      <Text size="sm" fw={600}>
        先方負担の振込手数料（円）
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 2 }}>
        {FEE_ROWS.flatMap(([key, label]) =>
          (['under', 'over'] as const).map((band) => {
            const field = `${key}_${band}` as keyof TransferFeeTable;
            return (
              <NumberInput
                key={field}
                label={`${label}・${band === 'under' ? '3万円未満' : '3万円以上'}`}
                min={0}
                max={100_000}
                allowDecimal={false}
                thousandSeparator=","
                value={fees[field]}
                onChange={(v) => setFees({ ...fees, [field]: typeof v === 'number' ? v : Number(v) || 0 })}
                error={err(`fees.${field}`)}
              />
            );
          }),
        )}
      </SimpleGrid>
      {(errors._ || stray.length > 0) && <Alert color="red">{[...(errors._ ?? []), ...stray].join(' ')}</Alert>}
      <Group justify="flex-end">
        <Button variant="light" onClick={submit} loading={save.isPending}>
          振込設定を保存
        </Button>
      </Group>
    </Stack>
  );
}
