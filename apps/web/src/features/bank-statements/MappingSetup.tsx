import type { BankCsvMapping, BankCsvMappingInput } from '@chobo/core';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSaveMapping } from './api';
import { readCsvPreview } from './csv-preview';

type Col = number | null;

interface Values {
  name: string;
  skip_rows: number;
  has_header: boolean;
  amount_mode: 'in_out' | 'signed';
  date_column: Col;
  description_column: Col;
  in_column: Col;
  out_column: Col;
  amount_column: Col;
  balance_column: Col;
  counterparty_column: Col;
}

const ROLES: { key: keyof Values; label: string; required?: boolean; mode?: Values['amount_mode'] }[] = [
  { key: 'date_column', label: '日付', required: true },
  { key: 'description_column', label: '摘要', required: true },
  { key: 'in_column', label: '入金', required: true, mode: 'in_out' },
  { key: 'out_column', label: '出金', required: true, mode: 'in_out' },
  { key: 'amount_column', label: '金額（入金は＋・出金は−）', required: true, mode: 'signed' },
  { key: 'balance_column', label: '残高' },
  { key: 'counterparty_column', label: '相手先' },
];

const valuesOf = (m: BankCsvMapping | null): Values => ({
  name: m?.name ?? '',
  skip_rows: m?.skip_rows ?? 0,
  has_header: m?.has_header ?? true,
  amount_mode: m && m.amount_column !== null ? 'signed' : 'in_out',
  date_column: m?.date_column ?? null,
  description_column: m?.description_column ?? null,
  in_column: m?.in_column ?? null,
  out_column: m?.out_column ?? null,
  amount_column: m?.amount_column ?? null,
  balance_column: m?.balance_column ?? null,
  counterparty_column: m?.counterparty_column ?? null,
});

/** The body to save: only the amount columns of the chosen mode. */
export function mappingInput(v: Values): BankCsvMappingInput {
  const signed = v.amount_mode === 'signed';
  return {
    name: v.name,
    skip_rows: v.skip_rows,
    has_header: v.has_header,
    date_column: v.date_column as number,
    description_column: v.description_column as number,
    amount_column: signed ? v.amount_column : null,
    in_column: signed ? null : v.in_column,
    out_column: signed ? null : v.out_column,
    balance_column: v.balance_column,
    counterparty_column: v.counterparty_column,
  };
}

/** A guess from the header row: 日付 / 摘要 / 入金 / 出金 / 残高 by the usual words. */
function guess(header: string[]): Partial<Values> {
  const find = (re: RegExp) => {
    const i = header.findIndex((h) => re.test(h));
    return i >= 0 ? i + 1 : null;
  };
  const g: Partial<Values> = {
    date_column: find(/日付|年月日|取引日|日時/),
    description_column: find(/摘要|内容|取引|お取り?扱/),
    in_column: find(/入金|預入|預り|お預/),
    out_column: find(/出金|引出|支払|お引/),
    balance_column: find(/残高/),
    counterparty_column: find(/相手|依頼人|振込人|名義/),
  };
  const amount = find(/^金額$|取引金額/);
  if (amount && !g.in_column) return { ...g, amount_mode: 'signed', amount_column: amount };
  return g;
}

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
  const [rows, setRows] = useState<string[][]>([]);
  const [encoding, setEncoding] = useState<string | null>(null);
  const [v, setV] = useState<Values>(() => valuesOf(mapping));
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    let live = true;
    if (!sample) {
      setRows([]);
      return;
    }
    void readCsvPreview(sample).then((p) => {
      if (!live) return;
      setRows(p.rows);
      setEncoding(p.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8');
      if (!mapping) {
        // a first guess from the widest early row taken as the header
        const header = p.rows.find((r) => r.length >= 3) ?? [];
        const at = p.rows.indexOf(header);
        setV((prev) => ({
          ...prev,
          ...guess(header),
          skip_rows: Math.max(at, 0),
          name: prev.name || (sample.name.replace(/\.[^.]+$/, '') || 'CSV').slice(0, 100),
        }));
      }
    });
    return () => {
      live = false;
    };
  }, [sample, mapping]);

  const width = Math.max(0, ...rows.map((r) => r.length));
  const colOptions = Array.from({ length: Math.max(width, 1) }, (_, i) => {
    const head = rows[v.skip_rows]?.[i];
    return { value: String(i + 1), label: `${i + 1}列目${v.has_header && head ? `（${head.slice(0, 12)}）` : ''}` };
  });
  const roleOf = (col: number) =>
    ROLES.filter((r) => (!r.mode || r.mode === v.amount_mode) && v[r.key] === col)
      .map((r) => r.label.replace(/（.*/, ''))
      .join('・');
  const err = (k: string) => errors[k]?.[0];

  const submit = async () => {
    const e: Record<string, string[]> = {};
    if (!v.name.trim()) e.name = ['名前を入力してください'];
    for (const r of ROLES)
      if (r.required && (!r.mode || r.mode === v.amount_mode) && v[r.key] === null)
        e[r.key] = [`${r.label.replace(/（.*/, '')}の列を指定してください`];
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
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              ファイルの先頭
            </Text>
            {encoding && (
              <Badge variant="light" color="gray">
                {encoding}
              </Badge>
            )}
          </Group>
          <ScrollArea>
            <Table fz="xs" withTableBorder withColumnBorders miw={Math.min(width * 110, 1200)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>行</Table.Th>
                  {colOptions.map((c, i) => (
                    <Table.Th key={c.value}>
                      {i + 1}
                      {roleOf(i + 1) && (
                        <Badge size="xs" ml={4} variant="filled">
                          {roleOf(i + 1)}
                        </Badge>
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, n) => {
                  const skipped = n < v.skip_rows;
                  const header = v.has_header && n === v.skip_rows;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the file's line number is the row's identity
                    <Table.Tr key={n} style={{ opacity: skipped ? 0.45 : 1, fontWeight: header ? 700 : 400 }}>
                      <Table.Td c="dimmed">
                        {n + 1}
                        {skipped ? ' 読み飛ばし' : header ? ' 見出し' : ''}
                      </Table.Td>
                      {colOptions.map((c, i) => (
                        <Table.Td key={c.value} style={{ whiteSpace: 'nowrap' }}>
                          {r[i] ?? ''}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="名前"
          withAsterisk
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={err('name')}
        />
        <NumberInput
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
        onChange={(m) => setV({ ...v, amount_mode: m as Values['amount_mode'] })}
        data={[
          { value: 'in_out', label: '入金・出金が別の列' },
          { value: 'signed', label: '金額1列（出金はマイナス）' },
        ]}
        aria-label="金額の列の形"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {ROLES.filter((r) => !r.mode || r.mode === v.amount_mode).map((r) => (
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
