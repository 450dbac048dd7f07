import {
  capitalFromForm,
  computeTaxReturn,
  estimateLocalTaxes,
  type FiscalYear,
  formatDateTimeJa,
  formatJPY,
  incomeFromBooks,
  TAX_RETURN_LINE_LABELS,
  TAX_RETURN_LINE_NUMBERS,
  type TaxAdjustment,
  type TaxReturn,
  type TaxReturnComputeInput,
} from '@chobo/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconBook2,
  IconEye,
  IconFileTypePdf,
  IconInfoCircle,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { api, errorMessage } from '../../lib/api';
import { ConflictAlert } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useFiscalYears } from '../accounting/api';
import { downloadFile } from '../accounting/download';
import {
  TAX_RETURN_SETTINGS_PATH,
  type TaxReturnDraft,
  taxReturnKeys,
  taxReturnPath,
  useTaxReturnSettings,
} from './api';
import { type SaveState, useTaxReturnEditor } from './use-tax-return-editor';

export const FILER_NOTICE =
  'この画面の金額は帳簿と入力内容から計算した参考値です。申告・納付の前に、各金額と記載事項を必ずご自身（または税理士）で確認してください。';

const SAVE_LABEL: Record<SaveState, string> = {
  saved: '保存済み',
  pending: '未保存の変更あり（この端末には保存済み）',
  saving: '保存中…',
  error: '保存できませんでした',
};

/** The fiscal year shown by default: the latest closed one, else the latest. */
export function defaultYear(years: FiscalYear[]): FiscalYear | undefined {
  return years.find((y) => y.status === 'closed') ?? years[0];
}

/** The fiscal year chosen in the URL (?fiscal_year_id=), else the default. */
export function useChosenYear() {
  const [params, setParams] = useSearchParams();
  const years = useFiscalYears();
  const fromUrl = Number(params.get('fiscal_year_id'));
  const list = years.data ?? [];
  const year = list.find((y) => y.id === fromUrl) ?? defaultYear(list);
  const choose = (id: number) =>
    setParams(
      (p) => {
        p.set('fiscal_year_id', String(id));
        return p;
      },
      { replace: true },
    );
  return { years, list, year, choose };
}

export function yearOption(y: FiscalYear) {
  return { value: String(y.id), label: `${y.label}${y.status === 'closed' ? '（締め済み）' : '（未締め）'}` };
}

/** The computation the screen shows while typing: the same pure function the server runs. */
function useComputed(server: TaxReturn | null, draft: TaxReturnDraft | null) {
  return useMemo(() => {
    if (!server || !draft) return null;
    const income = incomeFromBooks(server.book_income, draft.adjustments);
    const input: TaxReturnComputeInput = {
      income,
      fiscal_year_start: server.fiscal_year.start_date,
      fiscal_year_end: server.fiscal_year.end_date,
      capital: capitalFromForm(draft.form.amount_investment_capital, null),
      ...draft.inputs,
    };
    const result = computeTaxReturn(input, draft.overrides);
    const computed = computeTaxReturn(input);
    return { income, input, result, computed, estimate: estimateLocalTaxes(input, result, server.local_rates) };
  }, [server, draft]);
}

export default function TaxReturnPage() {
  const { years, list, year, choose } = useChosenYear();
  const editor = useTaxReturnEditor(year?.id ?? null);
  const { server, draft, change, flush, adopt, state, conflict, reload } = editor;
  const calc = useComputed(server, draft);
  const navigate = useNavigate();
  const [filling, setFilling] = useState(false);
  const [openLine, setOpenLine] = useState<string | null>(null);

  const setForm = (patch: Record<string, string>) => draft && change({ ...draft, form: { ...draft.form, ...patch } });

  const fill = async () => {
    if (!year) return;
    setFilling(true);
    try {
      await flush();
      const res = await api.post<{ data: TaxReturn }>(taxReturnPath(year.id, '/fill'), {});
      adopt(res.data);
      notifySuccess('帳簿と会社情報から申告書を作成しました。金額を確認してください。');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setFilling(false);
    }
  };

  const pdf = async () => {
    if (!year) return;
    try {
      await flush();
      await downloadFile(taxReturnPath(year.id, '/pdf'), {}, `tax-return-${year.end_date}.pdf`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const preview = async () => {
    if (!year) return;
    await flush();
    navigate(`/company/preparation-of-tax-return-preview?fiscal_year_id=${year.id}`);
  };

  return (
    <>
      <PageHeader
        mb="sm"
        title="確定申告書の作成・出力"
        description="法人税 確定申告書（別表一）を帳簿から作成し、印刷用のPDFを出力します。"
      />
      {/* the actions sit under the title (beside it the title wrapped on a phone) */}
      <Group gap="sm" mb="md" wrap="wrap">
        <Button variant="default" leftSection={<IconEye size={16} />} onClick={preview} disabled={!year}>
          プレビュー
        </Button>
        <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={pdf} disabled={!year}>
          PDF
        </Button>
      </Group>
      <Stack gap="md">
        <Alert
          color="warning"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="提出前に必ず確認してください"
        >
          {FILER_NOTICE}
        </Alert>

        <Paper withBorder p="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label="事業年度"
              data={list.map(yearOption)}
              value={year ? String(year.id) : null}
              onChange={async (v) => {
                if (!v) return;
                await flush();
                choose(Number(v));
              }}
              allowDeselect={false}
              w={{ base: '100%', sm: 380 }}
              disabled={years.isLoading}
              placeholder={years.isLoading ? '読み込み中…' : '会計年度がありません'}
            />
            <Button leftSection={<IconBook2 size={16} />} onClick={fill} loading={filling} disabled={!year || !draft}>
              帳簿から作成
            </Button>
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="save-state">
              {draft ? SAVE_LABEL[state] : ''}
            </Text>
          </Group>
          {year && year.status !== 'closed' && (
            <Text size="xs" c="orange.8" mt="xs">
              この会計年度はまだ締められていません。決算整理の後の金額で作成してください。
            </Text>
          )}
          {server?.filled_at && (
            <Text size="xs" c="dimmed" mt="xs">
              帳簿から作成: {formatDateTimeJa(server.filled_at)}
            </Text>
          )}
        </Paper>

        {conflict && <ConflictAlert message={conflict} onReload={reload} reloading={false} />}

        {!draft || !server || !calc ? (
          years.data && list.length === 0 ? (
            <Text c="dimmed">会計年度がありません。会計帳簿の「会計年度・締め」で作成してください。</Text>
          ) : (
            <Skeleton h={400} />
          )
        ) : (
          <>
            <HeaderSection form={draft.form} setForm={setForm} server={server} />
            <IncomeSection
              bookIncome={server.book_income}
              adjustments={draft.adjustments}
              income={calc.income}
              onChange={(adjustments) => change({ ...draft, adjustments })}
            />
            <InputsSection draft={draft} change={change} />
            <Paper withBorder p="md">
              <Title order={3} fz="md" mb={4}>
                別表一 各行の金額
              </Title>
              <Text size="xs" c="dimmed" mb="sm">
                金額を書き換えると「手入力」になり、再計算しても保持されます（× で計算値に戻します）。ⓘ
                で計算式と使った金額を表示します。
              </Text>
              <Stack gap={4}>
                {TAX_RETURN_LINE_NUMBERS.map((n) => (
                  <LineRow
                    key={n}
                    no={n}
                    value={calc.result.lines[n]}
                    computed={calc.computed.lines[n]}
                    explanation={calc.result.explanations[n]}
                    overridden={draft.overrides[n] !== undefined}
                    open={openLine === n}
                    onToggle={() => setOpenLine(openLine === n ? null : n)}
                    onChange={(v) => {
                      const overrides = { ...draft.overrides };
                      if (v === null) delete overrides[n];
                      else overrides[n] = v;
                      change({ ...draft, overrides });
                    }}
                  />
                ))}
              </Stack>
              {Object.keys(draft.overrides).length > 0 && (
                <Button
                  mt="sm"
                  size="xs"
                  variant="light"
                  color="gray"
                  onClick={() => change({ ...draft, overrides: {} })}
                >
                  手入力をすべて解除
                </Button>
              )}
              <Text size="sm" mt="md" data-testid="defense-tax">
                防衛特別法人税：
                {calc.result.defense_special_corporate_tax.applies
                  ? `${formatJPY(calc.result.defense_special_corporate_tax.amount)}（${calc.result.defense_special_corporate_tax.explanation}）`
                  : calc.result.defense_special_corporate_tax.explanation}
              </Text>
            </Paper>
            <EstimateSection server={server} estimate={calc.estimate} flush={flush} adopt={adopt} />
          </>
        )}
      </Stack>
    </>
  );
}

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="md" mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="xs" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}

const HEADER_FIELDS: [string, string][] = [
  ['tax_office', '税務署'],
  ['tax_place', '納税地'],
  ['corporate_name_furigana', '法人名（フリガナ）'],
  ['corporate_name', '法人名'],
  ['representative_name_furigana', '代表者（フリガナ）'],
  ['representative_name', '代表者'],
  ['representative_address', '代表者住所'],
  ['industry', '法人区分'],
  ['business_type', '事業種目'],
  ['amount_investment_capital', '期末現在の資本金の額（円）'],
  ['former_tax_corporate_name', '旧納税地及び旧法人名等'],
];
const BANK_FIELDS: [string, string][] = [
  ['bank_name', '銀行名'],
  ['bank_kind', '区分（銀行・金庫・組合・農協・漁協）'],
  ['bank_branch_name', '支店名'],
  ['bank_branch_kind', '区分（本店・支店・本所・支所・出張所）'],
  ['bank_deposit_type', '預金種類'],
  ['bank_number', '口座番号'],
  ['bankpost_symbol', 'ゆうちょ銀行 貯金記号'],
  ['bankpost_number', 'ゆうちょ銀行 貯金番号'],
  ['bankpost_office', '郵便局名等'],
];
const pad = (i: number) => String(i).padStart(2, '0');
const joinBoxes = (form: Record<string, string>, prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => form[`${prefix}_${pad(i + 1)}`] ?? '').join('');
const splitBoxes = (prefix: string, n: number, text: string) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`${prefix}_${pad(i + 1)}`, text.replace(/\D/g, '').slice(0, n)[i] ?? '']),
  );

function period(form: Record<string, string>, p: string) {
  if (!form[`${p}_from_year`]) return '（「帳簿から作成」で入ります）';
  const d = (e: 'from' | 'to') =>
    `${form[`${p}_${e}_era`]}${form[`${p}_${e}_year`]}年${form[`${p}_${e}_month`]}月${form[`${p}_${e}_day`]}日`;
  return `自 ${d('from')}　至 ${d('to')}`;
}

function HeaderSection({
  form,
  setForm,
  server,
}: {
  form: Record<string, string>;
  setForm: (patch: Record<string, string>) => void;
  server: TaxReturn;
}) {
  const text = (key: string, label: string) => (
    <TextInput
      key={key}
      label={label}
      value={form[key] ?? ''}
      onChange={(e) => setForm({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <Section
      title="基本情報"
      description="「帳簿から作成」で会社情報から入ります。書き換えた内容はこの申告書にだけ保存されます。"
    >
      <Stack gap="sm">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Text size="sm" fw={500} w="100%">
            提出年月日（令和）
          </Text>
          <TextInput
            aria-label="提出年"
            w={70}
            value={form.shinsei_year}
            onChange={(e) => setForm({ shinsei_year: e.currentTarget.value })}
            rightSection="年"
          />
          <TextInput
            aria-label="提出月"
            w={70}
            value={form.shinsei_month}
            onChange={(e) => setForm({ shinsei_month: e.currentTarget.value })}
            rightSection="月"
          />
          <TextInput
            aria-label="提出日"
            w={70}
            value={form.shinsei_day}
            onChange={(e) => setForm({ shinsei_day: e.currentTarget.value })}
            rightSection="日"
          />
        </Group>
        <Text size="sm">
          事業年度：<b data-testid="fiscal-period">{period(form, 'fiscal_year')}</b>
          <Text span size="xs" c="dimmed">
            （{server.fiscal_year.label}）
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {HEADER_FIELDS.map(([k, l]) => text(k, l))}
          <TextInput
            label="法人番号（13桁）"
            value={joinBoxes(form, 'corporate_number', 13)}
            onChange={(e) => setForm(splitBoxes('corporate_number', 13, e.currentTarget.value))}
            inputMode="numeric"
          />
          <TextInput
            label="整理番号（8桁）"
            value={joinBoxes(form, 'company_number', 8)}
            onChange={(e) => setForm(splitBoxes('company_number', 8, e.currentTarget.value))}
            inputMode="numeric"
          />
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="電話番号"
              aria-label="電話番号（市外局番）"
              w={80}
              value={form.tel_01}
              onChange={(e) => setForm({ tel_01: e.currentTarget.value })}
            />
            <Text pb={8}>-</Text>
            <TextInput
              aria-label="電話番号（市内局番）"
              w={80}
              value={form.tel_02}
              onChange={(e) => setForm({ tel_02: e.currentTarget.value })}
            />
            <Text pb={8}>-</Text>
            <TextInput
              aria-label="電話番号（番号）"
              w={80}
              value={form.tel_03}
              onChange={(e) => setForm({ tel_03: e.currentTarget.value })}
            />
          </Group>
        </SimpleGrid>
        <Text size="sm" fw={600} mt="xs">
          還付を受けようとする金融機関等
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {BANK_FIELDS.map(([k, l]) => text(k, l))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

function IncomeSection({
  bookIncome,
  adjustments,
  income,
  onChange,
}: {
  bookIncome: number | null;
  adjustments: TaxAdjustment[];
  income: number;
  onChange: (a: TaxAdjustment[]) => void;
}) {
  const set = (i: number, patch: Partial<TaxAdjustment>) =>
    onChange(adjustments.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Section
      title="所得金額の計算（別表四の加算・減算）"
      description="税引前当期純利益に、税務上の加算（損金不算入の交際費、損金経理をした法人税等など）と減算を加えて所得金額（1行目）を求めます。"
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">損益計算書の税引前当期純利益</Text>
          <Text fw={600} data-testid="book-income">
            {bookIncome === null ? '（「帳簿から作成」で読み込みます）' : formatJPY(bookIncome)}
          </Text>
        </Group>
        {adjustments.map((a, i) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
            key={i}
            gap="xs"
            wrap="wrap"
            align="flex-end"
          >
            <Select
              aria-label="加算・減算"
              w={90}
              data={[
                { value: 'add', label: '加算' },
                { value: 'subtract', label: '減算' },
              ]}
              value={a.kind}
              allowDeselect={false}
              onChange={(v) => set(i, { kind: (v as TaxAdjustment['kind']) ?? 'add' })}
            />
            <TextInput
              aria-label="項目"
              placeholder="例: 損金不算入の交際費"
              style={{ flex: '1 1 180px' }}
              value={a.label}
              onChange={(e) => set(i, { label: e.currentTarget.value })}
            />
            <NumberInput
              aria-label="金額"
              w={160}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              suffix="円"
              value={a.amount}
              onChange={(v) => set(i, { amount: typeof v === 'number' ? v : 0 })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="この行を削除"
              onClick={() => onChange(adjustments.filter((_, j) => j !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...adjustments, { kind: 'add', label: '', amount: 0 }])}
          >
            加算・減算の行を追加
          </Button>
        </Group>
        <Group justify="space-between" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" fw={600}>
            所得金額（1行目）
          </Text>
          <Text fw={700} data-testid="income">
            {formatJPY(income)}
          </Text>
        </Group>
      </Stack>
    </Section>
  );
}

const INPUT_FIELDS: [keyof TaxReturnDraft['inputs'], string][] = [
  ['interim_corporate_tax', '中間申告分の法人税額'],
  ['interim_local_corporate_tax', '中間申告分の地方法人税額'],
  ['withholding_income_tax', '源泉徴収された所得税の額'],
  ['foreign_tax', '外国税額'],
];

function InputsSection({ draft, change }: { draft: TaxReturnDraft; change: (d: TaxReturnDraft) => void }) {
  return (
    <Section
      title="中間申告・所得税額"
      description="中間申告で納付した税額と、預金利息などから源泉徴収された所得税の額です。"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {INPUT_FIELDS.map(([k, label]) => (
          <NumberInput
            key={k}
            label={label}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            suffix="円"
            value={draft.inputs[k]}
            onChange={(v) => change({ ...draft, inputs: { ...draft.inputs, [k]: typeof v === 'number' ? v : 0 } })}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

function LineRow({
  no,
  value,
  computed,
  explanation,
  overridden,
  open,
  onToggle,
  onChange,
}: {
  no: string;
  value: number;
  computed: number;
  explanation: string;
  overridden: boolean;
  open: boolean;
  onToggle: () => void;
  onChange: (v: number | null) => void;
}) {
  const label = TAX_RETURN_LINE_LABELS[no];
  return (
    <Box
      data-testid={`line-${no}`}
      data-overridden={overridden || undefined}
      p={6}
      style={{
        borderRadius: 4,
        background: overridden ? 'var(--mantine-color-yellow-0)' : undefined,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Badge variant="outline" color="gray" w={34} px={0} style={{ flexShrink: 0 }}>
            {no}
          </Badge>
          <Text size="sm" style={{ minWidth: 0 }}>
            {label}
          </Text>
          {overridden && (
            <Badge color="yellow" variant="filled" size="sm" style={{ flexShrink: 0 }}>
              手入力
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <NumberInput
            aria-label={`${no} ${label}`}
            w={170}
            size="sm"
            allowDecimal={false}
            thousandSeparator=","
            suffix="円"
            styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
            value={value}
            onChange={(v) => {
              if (typeof v === 'number' && Number.isFinite(v)) onChange(Math.trunc(v));
            }}
          />
          {overridden ? (
            <Tooltip label={`計算値（${formatJPY(computed)}）に戻す`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${no}行目の手入力を解除`}
                onClick={() => onChange(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Box w={28} />
          )}
          <Tooltip
            label={explanation}
            multiline
            w={300}
            withArrow
            position="left"
            events={{ hover: true, focus: true, touch: false }}
          >
            <ActionIcon
              variant={open ? 'light' : 'subtle'}
              aria-label={`${no}行目の計算の説明`}
              aria-expanded={open}
              onClick={onToggle}
            >
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Text size="xs" c="dimmed" mt={4} ml={40} data-testid={`explanation-${no}`}>
          {explanation}
        </Text>
      </Collapse>
    </Box>
  );
}

function EstimateSection({
  server,
  estimate,
  flush,
  adopt,
}: {
  server: TaxReturn;
  estimate: ReturnType<typeof estimateLocalTaxes>;
  flush: () => Promise<void>;
  adopt: (t: TaxReturn) => void;
}) {
  const [showRates, setShowRates] = useState(false);
  const client = useQueryClient();
  const rows: [string, number, string][] = [
    ['法人住民税 法人税割（道府県民税）', estimate.prefectural_tax, estimate.explanations.prefectural_tax],
    ['法人住民税 法人税割（市町村民税）', estimate.municipal_tax, estimate.explanations.municipal_tax],
    ['法人住民税 均等割', estimate.per_capita_levy, estimate.explanations.per_capita_levy],
    ['事業税（所得割）', estimate.business_tax, estimate.explanations.business_tax],
    ['特別法人事業税', estimate.special_business_tax, estimate.explanations.special_business_tax],
  ];
  const confirm = () =>
    modals.openConfirmModal({
      title: '法人税等の仕訳を計上しますか',
      children: (
        <Stack gap="xs">
          <Text size="sm">{server.fiscal_year.end_date} の日付で、次の仕訳を登録します。</Text>
          <Table withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>（借方）法人税、住民税及び事業税</Table.Td>
                <Table.Td ta="right">{formatJPY(estimate.total)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>（貸方）未払法人税等</Table.Td>
                <Table.Td ta="right">{formatJPY(estimate.total)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            住民税・事業税は見積もりです。中間納付額を法人税等として計上済みの場合は、その分を差し引いた金額になっています。
          </Text>
        </Stack>
      ),
      labels: { confirm: '計上する', cancel: 'キャンセル' },
      onConfirm: async () => {
        try {
          await flush();
          const current = client.getQueryData<TaxReturn>(taxReturnKeys.one(server.fiscal_year.id)) ?? server;
          const res = await api.post<{ data: TaxReturn }>(taxReturnPath(server.fiscal_year.id, '/post-entry'), {
            amount: estimate.total,
            updated_at: current.updated_at,
          });
          adopt(res.data);
          await client.invalidateQueries({ queryKey: ['accounting'] });
          notifySuccess('法人税等の仕訳を計上しました。');
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });
  return (
    <Section
      title="法人住民税・事業税（見積もり）と未払法人税等"
      description="住民税・事業税の税率は都道府県・市区町村で異なります。下の税率（初期値は標準税率）は見積もりです。"
    >
      <Table withTableBorder striped>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>法人税（15行目）＋ 地方法人税（40行目）＋ 防衛特別法人税</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatJPY(estimate.total - rows.reduce((s, r) => s + r[1], 0))}
            </Table.Td>
          </Table.Tr>
          {rows.map(([label, v, ex]) => (
            <Table.Tr key={label}>
              <Table.Td>
                {label}
                <Badge ml={6} size="xs" color="gray" variant="light">
                  見積もり
                </Badge>
                <Text size="xs" c="dimmed">
                  {ex}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatJPY(v)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>未払法人税等に計上する額（見積もり）</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="estimate-total" style={{ whiteSpace: 'nowrap' }}>
              {formatJPY(estimate.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group mt="sm" gap="sm" wrap="wrap">
        {server.entry_id ? (
          <Text size="sm">
            計上済みです（
            <Anchor component={Link} to={`/company/accountings_bk/edit?id=${server.entry_id}`}>
              仕訳を見る
            </Anchor>
            ）
          </Text>
        ) : (
          <>
            <Button
              size="sm"
              variant="light"
              onClick={confirm}
              disabled={estimate.total <= 0 || !server.updated_at || server.fiscal_year.status === 'closed'}
            >
              法人税等の仕訳を計上…
            </Button>
            {server.fiscal_year.status === 'closed' && (
              <Text size="xs" c="dimmed">
                締め済みの会計年度には計上できません（締めの前に計上するか、締めを戻してください）。
              </Text>
            )}
          </>
        )}
        <Button size="sm" variant="subtle" color="gray" onClick={() => setShowRates((v) => !v)}>
          {showRates ? '税率の設定を閉じる' : '税率を設定する'}
        </Button>
      </Group>
      <Collapse expanded={showRates}>
        <RatesForm
          onSaved={async () => {
            await flush();
            const fresh = await api.get<{ data: TaxReturn }>(taxReturnPath(server.fiscal_year.id));
            adopt(fresh.data);
          }}
        />
      </Collapse>
    </Section>
  );
}

const RATE_FIELDS: [string, string, string][] = [
  ['prefectural_rate', '道府県民税 法人税割', '%'],
  ['municipal_rate', '市町村民税 法人税割', '%'],
  ['per_capita_levy', '均等割（年額）', '円'],
  ['business_rate_low', '事業税 年400万円以下', '%'],
  ['business_rate_middle', '事業税 年400万円超800万円以下', '%'],
  ['business_rate_high', '事業税 年800万円超', '%'],
  ['special_business_rate', '特別法人事業税', '%'],
];

function RatesForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const settings = useTaxReturnSettings();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, number> | null>(null);
  const [saving, setSaving] = useState(false);
  const current = values ?? (settings.data?.local_rates as unknown as Record<string, number> | undefined);
  if (!current || !settings.data) return <Skeleton h={120} mt="sm" />;
  const save = async () => {
    setSaving(true);
    try {
      await api.put(TAX_RETURN_SETTINGS_PATH, { local_rates: current, updated_at: settings.data?.updated_at ?? null });
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
          <NumberInput
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
