import {
  DOCUMENT_TYPES,
  formatJPY,
  LOW_CONFIDENCE,
  type OcrBox,
  type OcrCorrectionInput,
  type OcrDocumentDetail,
  type OcrFieldKey,
} from '@chobo/core';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { apiUrl } from '../../lib/api-base';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConfirm, useOcrDocument, useRetry, useSaveCorrections, useSupplierSearch } from './api';
import { STATUS_COLORS, statusLabel } from './labels';

type Num = number | '';
interface FormValues {
  issuer_name: string;
  registration_number: string;
  transaction_date: string;
  total: Num;
  base10: Num;
  tax10: Num;
  base8: Num;
  tax8: Num;
  phone: string;
  document_type: string;
}

function initialValues(d: OcrDocumentDetail): FormValues {
  const f = d.fields;
  const tax = (rate: '10' | '8') => f?.taxes.value?.find((t) => t.tax_category === rate);
  return {
    issuer_name: f?.issuer_name.value ?? '',
    registration_number: f?.registration_number.value ?? '',
    transaction_date: f?.transaction_date.value ?? '',
    total: f?.total.value ?? '',
    base10: tax('10')?.base ?? '',
    tax10: tax('10')?.tax ?? '',
    base8: tax('8')?.base ?? '',
    tax8: tax('8')?.tax ?? '',
    phone: f?.phone.value ?? '',
    document_type: String(f?.document_type.value ?? 4),
  };
}

/** The fields a person changed, as the PUT body expects them. */
function changes(before: FormValues, now: FormValues): OcrCorrectionInput['fields'] {
  const out: NonNullable<OcrCorrectionInput['fields']> = {};
  const text = (k: 'issuer_name' | 'registration_number' | 'transaction_date' | 'phone') => {
    if (before[k] !== now[k]) out[k] = now[k].trim() === '' ? null : now[k].trim();
  };
  text('issuer_name');
  text('registration_number');
  text('transaction_date');
  text('phone');
  if (before.total !== now.total) out.total = now.total === '' ? null : now.total;
  if (before.document_type !== now.document_type) out.document_type = Number(now.document_type);
  const taxKeys = ['base10', 'tax10', 'base8', 'tax8'] as const;
  if (taxKeys.some((k) => before[k] !== now[k])) {
    out.taxes = (['10', '8'] as const)
      .filter((r) => now[`base${r}`] !== '' || now[`tax${r}`] !== '')
      .map((r) => ({ tax_category: r, base: Number(now[`base${r}`] || 0), tax: Number(now[`tax${r}`] || 0) }));
  }
  return out;
}

const FIELD_LABELS: Record<OcrFieldKey, string> = {
  issuer_name: '発行元',
  registration_number: '登録番号',
  transaction_date: '取引日',
  total: '合計金額（税込）',
  taxes: '税率ごとの対象額・消費税額',
  phone: '電話番号',
  document_type: '書類の種類',
};

function ConfidenceBadge({ d, k }: { d: OcrDocumentDetail; k: OcrFieldKey }) {
  const f = d.fields?.[k];
  if (!f) return null;
  if (f.corrected) {
    return (
      <Badge size="xs" color="blue" variant="light">
        修正済
      </Badge>
    );
  }
  if (f.value === null) {
    return (
      <Badge size="xs" color="orange" variant="light" leftSection={<IconAlertTriangle size={10} />}>
        読み取れず
      </Badge>
    );
  }
  const pct = Math.round(f.confidence * 100);
  return f.confidence < LOW_CONFIDENCE ? (
    <Badge size="xs" color="orange" variant="filled" leftSection={<IconAlertTriangle size={10} />}>
      要確認 {pct}%
    </Badge>
  ) : (
    <Badge size="xs" color="gray" variant="light">
      確信度 {pct}%
    </Badge>
  );
}

/** The page image with the focused field's box drawn over it (boxes are in the image's pixels). */
function PageImage({ d, page, box }: { d: OcrDocumentDetail; page: number; box: OcrBox | null }) {
  const p = d.pages.find((x) => x.page === page) ?? d.pages[0];
  if (!p) return <Skeleton h={480} />;
  const show = box && box.page === p.page;
  return (
    <Box pos="relative" style={{ lineHeight: 0, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
      <img
        src={apiUrl(p.image_url)}
        alt={`${d.file_name} ${p.page}ページ目`}
        style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 6 }}
      />
      {show && (
        <Box
          data-testid="field-highlight"
          pos="absolute"
          style={{
            left: `${(box.x / p.width) * 100}%`,
            top: `${(box.y / p.height) * 100}%`,
            width: `${(box.width / p.width) * 100}%`,
            height: `${(box.height / p.height) * 100}%`,
            border: '2px solid var(--mantine-color-orange-6)',
            background: 'rgba(255, 170, 0, 0.18)',
            borderRadius: 3,
            pointerEvents: 'none',
            transition: 'all 120ms ease',
          }}
        />
      )}
    </Box>
  );
}

function Field({
  d,
  k,
  children,
  warning,
}: {
  d: OcrDocumentDetail;
  k: OcrFieldKey;
  children: ReactNode;
  warning?: string;
}) {
  const low = (d.fields?.[k]?.confidence ?? 0) < LOW_CONFIDENCE && !d.fields?.[k]?.corrected;
  return (
    <Box
      p="xs"
      style={{
        borderLeft: `3px solid var(--mantine-color-${low ? 'orange-5' : 'gray-2'})`,
        background: low ? 'var(--mantine-color-orange-0)' : undefined,
        borderRadius: 4,
      }}
      data-low-confidence={low ? 'true' : undefined}
    >
      <Group justify="space-between" mb={4} gap="xs">
        <Text size="sm" fw={600}>
          {FIELD_LABELS[k]}
        </Text>
        <ConfidenceBadge d={d} k={k} />
      </Group>
      {children}
      {warning && (
        <Text size="xs" c="orange.8" mt={4}>
          {warning}
        </Text>
      )}
    </Box>
  );
}

function SupplierPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const q = useSupplierSearch(debounced);
  const data = (q.data?.data ?? [])
    .filter((c) => c.used_for === 2 || c.used_for === 3)
    .map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Select
      aria-label="既存の取引先"
      placeholder="取引先名で検索"
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="見つかりません"
    />
  );
}

function Editor({ d }: { d: OcrDocumentDetail }) {
  // the Editor is keyed by updated_at: a saved version starts from what the server holds
  const [initial] = useState(() => initialValues(d));
  const [v, setV] = useState<FormValues>(initial);
  const [focused, setFocused] = useState<OcrFieldKey | null>(null);
  const [page, setPage] = useState(d.pages[0]?.page ?? 1);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [mode, setMode] = useState<'match' | 'existing' | 'new'>(d.supplier_match ? 'match' : 'new');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [newName, setNewName] = useState(initial.issuer_name);
  const save = useSaveCorrections(d.id);
  const confirm = useConfirm(d.id);
  const registered = d.status === 4;

  const set = <K extends keyof FormValues>(k: K, value: FormValues[K]) => setV((x) => ({ ...x, [k]: value }));
  const focusProps = (k: OcrFieldKey) => ({
    onFocus: () => {
      setFocused(k);
      const b = d.fields?.[k]?.box;
      if (b) setPage(b.page);
    },
  });
  const err = (k: string) => (errors[`fields.${k}`] ?? errors[k])?.[0];
  const box = focused ? (d.fields?.[focused]?.box ?? null) : null;
  const diff = changes(initial, v);
  const dirty = Object.keys(diff ?? {}).length > 0;

  const saveChanges = async (): Promise<string> => {
    if (!dirty) return d.updated_at;
    const saved = await save.mutateAsync({ fields: diff, updated_at: d.updated_at });
    return saved.updated_at;
  };
  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
    notifyError(errorMessage(e));
  };
  const onSave = async () => {
    setErrors({});
    try {
      await saveChanges();
      notifySuccess('修正を保存しました');
    } catch (e) {
      onError(e);
    }
  };
  const onConfirm = async () => {
    setErrors({});
    try {
      const updatedAt = await saveChanges();
      await confirm.mutateAsync({
        updated_at: updatedAt,
        customer_id:
          mode === 'match' ? (d.supplier_match?.customer_id ?? null) : mode === 'existing' ? Number(customerId) : null,
        new_customer:
          mode === 'new'
            ? {
                name: newName,
                registration_number: v.registration_number || null,
                tel: v.phone || null,
              }
            : null,
      });
      notifySuccess('発注取引として登録しました');
    } catch (e) {
      onError(e);
    }
  };

  const taxInput = (k: 'base10' | 'tax10' | 'base8' | 'tax8', label: string) => (
    <NumberInput
      label={label}
      value={v[k]}
      onChange={(x) => set(k, typeof x === 'number' ? x : '')}
      thousandSeparator=","
      prefix="¥"
      allowDecimal={false}
      allowNegative={false}
      size="sm"
      disabled={registered}
      {...focusProps('taxes')}
    />
  );

  return (
    <Grid gap="lg">
      {registered && d.transaction_document_id && (
        <Grid.Col span={12}>
          <Alert color="violet" icon={<IconCheck size={18} />} title="登録済">
            この書類は発注取引として登録されています。{' '}
            <Anchor component={Link} to={`/company/transaction-documents/edit?id=${d.transaction_document_id}`}>
              登録した発注取引を開く
            </Anchor>
          </Alert>
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="xs" pos={{ base: 'static', md: 'sticky' } as never} top={16}>
          {d.pages.length > 1 && (
            <SegmentedControl
              data={d.pages.map((p) => ({ value: String(p.page), label: `${p.page}ページ` }))}
              value={String(page)}
              onChange={(x) => setPage(Number(x))}
            />
          )}
          <PageImage d={d} page={page} box={box} />
          <Anchor href={apiUrl(d.file_url)} target="_blank" size="sm">
            元のファイルを開く
          </Anchor>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Field d={d} k="document_type">
            <Select
              aria-label="書類の種類"
              data={Object.entries(DOCUMENT_TYPES).map(([value, label]) => ({ value, label }))}
              value={v.document_type}
              onChange={(x) => set('document_type', x ?? '4')}
              allowDeselect={false}
              disabled={registered}
              error={err('document_type')}
              {...focusProps('document_type')}
            />
          </Field>
          <Field d={d} k="issuer_name">
            <TextInput
              aria-label="発行元"
              value={v.issuer_name}
              onChange={(e) => set('issuer_name', e.currentTarget.value)}
              disabled={registered}
              error={err('issuer_name')}
              {...focusProps('issuer_name')}
            />
          </Field>
          <Field d={d} k="registration_number" warning={d.fields?.registration_number.warning}>
            <TextInput
              aria-label="登録番号"
              placeholder="T1234567890123"
              value={v.registration_number}
              onChange={(e) => set('registration_number', e.currentTarget.value)}
              disabled={registered}
              error={err('registration_number')}
              {...focusProps('registration_number')}
            />
          </Field>
          <Field d={d} k="transaction_date">
            <TextInput
              aria-label="取引日"
              type="date"
              value={v.transaction_date}
              onChange={(e) => set('transaction_date', e.currentTarget.value)}
              disabled={registered}
              error={err('transaction_date')}
              {...focusProps('transaction_date')}
            />
          </Field>
          <Field d={d} k="total">
            <NumberInput
              aria-label="合計金額"
              value={v.total}
              onChange={(x) => set('total', typeof x === 'number' ? x : '')}
              thousandSeparator=","
              prefix="¥"
              allowDecimal={false}
              allowNegative={false}
              disabled={registered}
              error={err('total')}
              {...focusProps('total')}
            />
          </Field>
          <Field d={d} k="taxes">
            <Grid gap="xs">
              <Grid.Col span={6}>{taxInput('base10', '10%対象額（税抜）')}</Grid.Col>
              <Grid.Col span={6}>{taxInput('tax10', '10% 消費税額')}</Grid.Col>
              <Grid.Col span={6}>{taxInput('base8', '8%対象額（税抜）')}</Grid.Col>
              <Grid.Col span={6}>{taxInput('tax8', '8% 消費税額')}</Grid.Col>
            </Grid>
            {err('taxes') && (
              <Text size="xs" c="red" mt={4}>
                {err('taxes')}
              </Text>
            )}
          </Field>
          <Field d={d} k="phone">
            <TextInput
              aria-label="電話番号"
              value={v.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              disabled={registered}
              error={err('phone')}
              {...focusProps('phone')}
            />
          </Field>
          {!registered && (
            <>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void onSave()} loading={save.isPending} disabled={!dirty}>
                  修正を保存
                </Button>
              </Group>
              <Paper withBorder p="sm" radius="md">
                <Title order={4} fz={15} mb="xs">
                  取引先
                </Title>
                <Radio.Group value={mode} onChange={(x) => setMode(x as typeof mode)}>
                  <Stack gap="xs">
                    {d.supplier_match && (
                      <Radio
                        value="match"
                        label={`${d.supplier_match.customer_name}（${
                          { registration_number: '登録番号', phone: '電話番号', name: '名称' }[
                            d.supplier_match.matched_by
                          ]
                        }で一致）`}
                      />
                    )}
                    <Radio value="existing" label="既存の取引先から選ぶ" />
                    {mode === 'existing' && <SupplierPicker value={customerId} onChange={setCustomerId} />}
                    <Radio value="new" label="新しい取引先として登録" />
                    {mode === 'new' && (
                      <TextInput
                        aria-label="新しい取引先名"
                        value={newName}
                        onChange={(e) => setNewName(e.currentTarget.value)}
                        error={errors['new_customer.name']?.[0]}
                      />
                    )}
                  </Stack>
                </Radio.Group>
                {err('customer_id') && (
                  <Text size="xs" c="red" mt={4}>
                    {err('customer_id')}
                  </Text>
                )}
              </Paper>
              {errors.amount && (
                <Alert color="red" variant="light">
                  {errors.amount[0]}
                </Alert>
              )}
              <Button
                size="md"
                leftSection={<IconCheck size={18} />}
                onClick={() => void onConfirm()}
                loading={confirm.isPending || save.isPending}
              >
                確定
              </Button>
              <Text size="xs" c="dimmed">
                確定すると、元のファイルを第1版とする発注取引（
                {v.total !== '' ? formatJPY(Number(v.total)) : '金額未入力'}
                ）と仕訳が登録されます。
              </Text>
            </>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /company/ocr-documents/{id}/ocr-result: the page beside its fields; correct, then 確定. */
export default function OcrResultPage() {
  const { id } = useParams();
  const docId = Number(id);
  const q = useOcrDocument(docId);
  const retry = useRetry();
  const d = q.data;
  return (
    <>
      <PageHeader
        title="OCR読み取り結果"
        description={d ? d.file_name : undefined}
        actions={
          <Group gap="xs">
            {d && (
              <Badge color={STATUS_COLORS[d.status]} size="lg" variant="light">
                {statusLabel(d.status)}
              </Badge>
            )}
            <Button component={Link} to="/company/ocr-documents" variant="default">
              一覧へ戻る
            </Button>
          </Group>
        }
      />
      {q.isPending && <Skeleton h={480} />}
      {q.isError && (
        <Alert color="red" title="読み込めませんでした">
          {errorMessage(q.error)}
        </Alert>
      )}
      {d && (d.status === 0 || d.status === 1) && (
        <Paper withBorder p="lg" radius="md" maw={560}>
          <Stack>
            <Text>{d.status === 0 ? '読み取りの順番を待っています…' : `読み取り中です（${d.progress}%）`}</Text>
            <Progress value={d.progress} animated aria-label="読み取りの進捗" />
          </Stack>
        </Paper>
      )}
      {d && d.status === 3 && (
        <Alert color="red" title="読み取りに失敗しました" icon={<IconAlertTriangle size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{d.error}</Text>
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} />}
              loading={retry.isPending}
              onClick={() => retry.mutate(d.id, { onError: (e) => notifyError(errorMessage(e)) })}
            >
              再実行
            </Button>
          </Stack>
        </Alert>
      )}
      {d && (d.status === 2 || d.status === 4) && <Editor key={`${d.id}-${d.updated_at}`} d={d} />}
    </>
  );
}
