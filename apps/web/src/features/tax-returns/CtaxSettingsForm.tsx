import {
  APPORTIONMENT_LABELS,
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  CALC_LABELS,
  consumptionTaxSettingsInput,
} from '@chobo/core';
import { Button, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MoneyField } from '../../components/fields';
import { errorMessage, isApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  type ConsumptionTaxSettingsBody,
  ctaxKeys,
  saveConsumptionTaxSettings,
  useConsumptionTaxSettings,
} from './api';

/** The company's consumption-tax settings: the defaults of every new year's return. */
export function CtaxSettingsForm() {
  const settings = useConsumptionTaxSettings();
  const client = useQueryClient();
  const [values, setValues] = useState<ConsumptionTaxSettingsBody | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  if (!settings.data) return <Skeleton h={120} />;
  const { is_default: _d, ...stored } = settings.data;
  const v: ConsumptionTaxSettingsBody = values ?? stored;
  const set = (patch: Partial<ConsumptionTaxSettingsBody>) => setValues({ ...v, ...patch });
  const save = async () => {
    const parsed = consumptionTaxSettingsInput.safeParse(v);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveConsumptionTaxSettings({ ...v, updated_at: settings.data?.updated_at ?? null });
      await client.invalidateQueries({ queryKey: ctaxKeys.all });
      setValues(null);
      notifySuccess('消費税の設定を保存しました。');
    } catch (error) {
      if (isApiError(error))
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, m]) => [k, m[0] ?? ''])));
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="ctax-settings-form">
      <Text size="xs" c="dimmed">
        まだ申告書を保存していない年度は、この設定で計算します（保存済みの年度は上の「この年度の申告の設定」で変更します）。
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="課税方式"
          data={[
            { value: 'general', label: '一般課税' },
            { value: 'simplified', label: '簡易課税（届出済み）' },
          ]}
          value={v.method}
          onChange={(m) => m && set({ method: m as 'general' | 'simplified' })}
          error={errors.method}
          description="簡易課税は「簡易課税制度選択届出書」を提出している場合に選びます"
          allowDeselect={false}
        />
        <Select
          label="主な事業区分"
          data={BUSINESS_TYPES.map((t) => ({ value: String(t), label: BUSINESS_TYPE_LABELS[t] }))}
          value={v.main_business_type ? String(v.main_business_type) : null}
          onChange={(t) => set({ main_business_type: t ? Number(t) : null })}
          error={errors.main_business_type}
          placeholder="簡易課税のときに選択"
          clearable
        />
        <Select
          label="売上税額の計算方法"
          data={[
            { value: 'warimodoshi', label: CALC_LABELS.warimodoshi },
            { value: 'tsumiage', label: CALC_LABELS.tsumiage },
          ]}
          value={v.sales_calc}
          onChange={(c) => c && set({ sales_calc: c as 'warimodoshi' | 'tsumiage' })}
          allowDeselect={false}
        />
        <Select
          label="仕入税額の計算方法"
          data={[
            { value: 'tsumiage', label: CALC_LABELS.tsumiage },
            { value: 'warimodoshi', label: CALC_LABELS.warimodoshi },
          ]}
          value={v.purchase_calc}
          onChange={(c) => c && set({ purchase_calc: c as 'warimodoshi' | 'tsumiage' })}
          error={errors.purchase_calc}
          allowDeselect={false}
        />
        <Select
          label="個別対応方式・一括比例配分方式"
          data={[
            { value: 'individual', label: APPORTIONMENT_LABELS.individual },
            { value: 'proportional', label: APPORTIONMENT_LABELS.proportional },
          ]}
          value={v.apportionment}
          onChange={(a) => set({ apportionment: (a as 'individual' | 'proportional' | null) ?? null })}
          placeholder="課税売上割合95%以上なら不要"
          clearable
        />
        <MoneyField
          label="基準期間の課税売上高（初期値）"
          suffix="円"
          description="空欄なら基準期間（前々事業年度）の帳簿から求めます。簡易課税は5,000万円以下、2割特例は1,000万円以下"
          placeholder="帳簿から"
          value={v.base_period_taxable_sales ?? ''}
          onChange={(x) => set({ base_period_taxable_sales: typeof x === 'number' ? x : null })}
          error={errors.base_period_taxable_sales}
        />
        <MoneyField
          label="中間納付税額（国税）（初期値）"
          suffix="円"
          value={v.interim_national}
          onChange={(x) => set({ interim_national: typeof x === 'number' ? x : 0 })}
          error={errors.interim_national}
        />
        <MoneyField
          label="中間納付譲渡割額（地方消費税）（初期値）"
          suffix="円"
          value={v.interim_local}
          onChange={(x) => set({ interim_local: typeof x === 'number' ? x : 0 })}
          error={errors.interim_local}
        />
      </SimpleGrid>
      <Group>
        <Button size="xs" onClick={save} loading={saving}>
          設定を保存
        </Button>
      </Group>
    </Stack>
  );
}
