import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NumberField } from '../../components/fields';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { saveTaxReturnSettings, taxReturnKeys, useTaxReturnSettings } from './api';

const RATE_FIELDS: [string, string, string][] = [
  ['prefectural_rate', '道府県民税 法人税割', '%'],
  ['municipal_rate', '市町村民税 法人税割', '%'],
  ['per_capita_levy', '均等割（年額）', '円'],
  ['business_rate_low', '事業税 年400万円以下', '%'],
  ['business_rate_middle', '事業税 年400万円超800万円以下', '%'],
  ['business_rate_high', '事業税 年800万円超', '%'],
  ['special_business_rate', '特別法人事業税', '%'],
];

/** The company's local tax rates (住民税・事業税), saved for all its returns. */
export function RatesForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const settings = useTaxReturnSettings();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, number> | null>(null);
  const [saving, setSaving] = useState(false);
  const current = values ?? (settings.data?.local_rates as unknown as Record<string, number> | undefined);
  if (!current || !settings.data) return <Skeleton h={120} mt="sm" />;
  const save = async () => {
    setSaving(true);
    try {
      await saveTaxReturnSettings({ local_rates: current, updated_at: settings.data?.updated_at ?? null });
      await client.invalidateQueries({ queryKey: taxReturnKeys.settings() });
      setValues(null);
      await onSaved();
      notifySuccess('税率を保存しました。');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" mt="sm">
      <Text size="xs" c="dimmed">
        初期値：法人税割 道府県民税1.0%・市町村民税6.0%（東京23区は都が合わせて7.0%）、均等割
        年70,000円（資本金1,000万円以下・従業者50人以下）、事業税 3.5% / 5.3% /
        7.0%、特別法人事業税37%。会社の所在地の税率に合わせてください。
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {RATE_FIELDS.map(([k, label, unit]) => (
          <NumberField
            key={k}
            label={label}
            suffix={unit}
            decimalScale={unit === '%' ? 3 : 0}
            min={0}
            thousandSeparator={unit === '円' ? ',' : undefined}
            value={current[k]}
            onChange={(v) => setValues({ ...current, [k]: typeof v === 'number' ? v : 0 })}
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button size="xs" onClick={save} loading={saving}>
          税率を保存
        </Button>
      </Group>
    </Stack>
  );
}
