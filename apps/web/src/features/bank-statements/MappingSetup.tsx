import type { BankCsvMapping } from '@chobo/core';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { NumberField } from '../../components/fields';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSaveMapping } from './api';
import { CsvSamplePreview } from './CsvSamplePreview';
import { type MappingValues, mappingErrors, mappingInput, roleName, rolesFor, valuesOf } from './mapping-values';
import { useCsvSample } from './use-csv-sample';

export { mappingInput } from './mapping-values';

/**
 * Column-mapping setup for a CSV that is none of the known layouts: the file's first rows, which column is
 * 日付・摘要・入金・出金 (or one signed 金額)・残高・相手先, the rows to skip; saved by name and reused as the
 * format `mapping:<id>`.
 */
export function MappingSetup({
  file,
  mapping,
  onSaved,
  onCancel,
}: {
  /** The file to show (the upload's file); a saved mapping can also be edited with a sample chosen here. */
  file: File | null;
  mapping: BankCsvMapping | null;
  onSaved: (m: BankCsvMapping) => void;
  onCancel?: () => void;
}) {
  const save = useSaveMapping();
  const [sample, setSample] = useState<File | null>(file);
  const [v, setV] = useState<MappingValues>(() => valuesOf(mapping));
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const { rows, encoding } = useCsvSample(sample, !mapping, setV);

  const width = Math.max(0, ...rows.map((r) => r.length));
  const colOptions = Array.from({ length: Math.max(width, 1) }, (_, i) => {
    const head = rows[v.skip_rows]?.[i];
    return { value: String(i + 1), label: `${i + 1}列目${v.has_header && head ? `（${head.slice(0, 12)}）` : ''}` };
  });
  const roleOf = (col: number) =>
    rolesFor(v.amount_mode)
      .filter((r) => v[r.key] === col)
      .map(roleName)
      .join('・');
  const err = (k: string) => errors[k]?.[0];

  const submit = async () => {
    const e = mappingErrors(v);
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      const saved = await save.mutateAsync(
        mapping ? { ...mappingInput(v), id: mapping.id, updated_at: mapping.updated_at } : mappingInput(v),
      );
      notifySuccess(`列の対応付け「${saved.name}」を保存しました`);
      onSaved(saved);
    } catch (x) {
      const fe = isApiError(x) && x.status === 422 ? x.errors : {};
      setErrors(Object.keys(fe).length ? fe : { _: [errorMessage(x)] });
    }
  };

  return (
    <Stack gap="sm" data-testid="mapping-setup">
      {!file && (
        <FileInput
          label="見本のCSVファイル（列を確認するため。保存はされません）"
          placeholder="ファイルを選択"
          accept=".csv,.txt,text/csv,text/plain"
          leftSection={<IconFileTypeCsv size={16} />}
          value={sample}
          onChange={setSample}
          clearable
        />
      )}
      {rows.length > 0 && (
        <CsvSamplePreview
          rows={rows}
          encoding={encoding}
          columns={colOptions}
          roleOf={roleOf}
          skipRows={v.skip_rows}
          hasHeader={v.has_header}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="名前"
          withAsterisk
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={err('name')}
        />
        <NumberField
          label="先頭で読み飛ばす行数"
          min={0}
          max={50}
          allowDecimal={false}
          value={v.skip_rows}
          onChange={(x) => setV({ ...v, skip_rows: Number(x) || 0 })}
          error={err('skip_rows')}
        />
        <Checkbox
          mt={{ base: 0, sm: 'xl' }}
          label="読み飛ばした次の行は見出し"
          checked={v.has_header}
          onChange={(e) => setV({ ...v, has_header: e.currentTarget.checked })}
        />
      </SimpleGrid>
      <SegmentedControl
        value={v.amount_mode}
        onChange={(m) => setV({ ...v, amount_mode: m as MappingValues['amount_mode'] })}
        data={[
          { value: 'in_out', label: '入金・出金が別の列' },
          { value: 'signed', label: '金額1列（出金はマイナス）' },
        ]}
        aria-label="金額の列の形"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {rolesFor(v.amount_mode).map((r) => (
          <Select
            key={r.key}
            label={`${r.label}の列`}
            withAsterisk={r.required}
            placeholder={r.required ? '列を選択' : 'なし'}
            data={colOptions}
            value={v[r.key] === null ? null : String(v[r.key])}
            onChange={(x) => setV({ ...v, [r.key]: x ? Number(x) : null })}
            clearable={!r.required}
            error={err(r.key)}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        日付の形式は自動で判別します（2026/04/01・2026-4-1・20260401・2026年4月1日・令和8年4月1日・R8.4.1）。金額のカンマ・￥・全角数字もそのまま読めます。
      </Text>
      {errors._ && <Alert color="red">{errors._[0]}</Alert>}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            キャンセル
          </Button>
        )}
        <Button onClick={submit} loading={save.isPending}>
          {mapping ? '対応付けを更新' : '対応付けを保存'}
        </Button>
      </Group>
    </Stack>
  );
}
