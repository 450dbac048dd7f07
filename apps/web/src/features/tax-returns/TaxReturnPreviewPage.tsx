import { rowField, TAX_RETURN_LINE_LABELS, TAX_RETURN_ROW_BOXES, type TaxReturn } from '@chobo/core';
import { Alert, Box, Button, Group, Select, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useTaxReturn } from './api';
import { FILER_NOTICE, useChosenYear, yearOption } from './chosen-year';
import { DigitBoxes } from './DigitBoxes';
import { boxChars, formDate, joinBoxes } from './form-fields';
import { downloadReturnPdf } from './use-return-actions';

const FORM_COLOR = '#8c3326';
/** 法人税 lines on the left, 地方法人税 lines on the right, as on the form. */
const LEFT = Array.from({ length: 27 }, (_, i) => i + 1);
const RIGHT = Array.from({ length: 17 }, (_, i) => i + 28);

/** /company/preparation-of-tax-return-preview: 別表一 as printed — amounts in 11 boxes, 法人番号 in 13, dates in 和暦. */
export default function TaxReturnPreviewPage() {
  const { list, year, choose } = useChosenYear();
  const q = useTaxReturn(year?.id ?? null);
  const pdf = async () => {
    if (year) await downloadReturnPdf(year);
  };
  return (
    <>
      <PageHeader
        mb="sm"
        title="確定申告書のプレビュー"
        description="印刷される別表一のレイアウトです。金額は各行11桁の枠に入ります。"
      />
      {/* the actions sit under the title (beside it the title wrapped on a phone) */}
      <Group gap="sm" mb="md" wrap="wrap">
        <Button
          variant="default"
          component={Link}
          to={`/company/preparation-of-tax-return${year ? `?fiscal_year_id=${year.id}` : ''}`}
          leftSection={<IconArrowLeft size={16} />}
        >
          入力に戻る
        </Button>
        <Button leftSection={<IconFileTypePdf size={16} />} onClick={pdf} disabled={!year}>
          PDFをダウンロード
        </Button>
      </Group>
      <Group mb="sm">
        <Select
          label="事業年度"
          data={list.map(yearOption)}
          value={year ? String(year.id) : null}
          onChange={(v) => v && choose(Number(v))}
          allowDeselect={false}
          w={{ base: '100%', sm: 380 }}
        />
      </Group>
      <Alert color="warning" variant="light" mb="md">
        {FILER_NOTICE}
      </Alert>
      {q.data ? <PrintedForm data={q.data} /> : <Skeleton h={600} />}
    </>
  );
}

const cell: CSSProperties = { border: `1px solid ${FORM_COLOR}`, padding: '3px 6px', background: '#fcf6f3' };
const small: CSSProperties = { color: FORM_COLOR, fontSize: 10, display: 'block' };

function Field({ label, children, span = 1 }: { label: string; children: ReactNode; span?: number }) {
  return (
    <Box style={{ ...cell, gridColumn: `span ${span}` }}>
      <span style={small}>{label}</span>
      <Text size="sm" fw={500} component="div" style={{ minHeight: 20 }}>
        {children}
      </Text>
    </Box>
  );
}

function LineBoxes({ data, n }: { data: TaxReturn; n: number }) {
  const chars = Array.from({ length: TAX_RETURN_ROW_BOXES }, (_, i) => data.form[rowField(n, i + 1)] ?? '');
  const overridden = data.overrides[String(n)] !== undefined;
  return (
    <Box
      data-testid={`preview-line-${n}`}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 6,
        padding: '2px 4px',
        borderBottom: `1px solid ${FORM_COLOR}33`,
        background: overridden ? '#fff6d6' : undefined,
      }}
    >
      <span
        style={{ color: FORM_COLOR, fontSize: 11, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        <b style={{ display: 'inline-block', width: 20 }}>{n}</b>
        {TAX_RETURN_LINE_LABELS[String(n)]}
      </span>
      <Box style={{ flexShrink: 0 }}>
        <DigitBoxes chars={chars} label={`${n}行目 ${data.lines[String(n)]}`} />
      </Box>
    </Box>
  );
}

function PrintedForm({ data }: { data: TaxReturn }) {
  const f = data.form;
  const date = (p: string, e: string) => formDate(f, p, e);
  const corp = boxChars(f, 'corporate_number', 13);
  const capital = /^\d+$/.test(f.amount_investment_capital)
    ? `${Number(f.amount_investment_capital).toLocaleString('en-US')}円`
    : f.amount_investment_capital;
  return (
    // the printed layout keeps its width; on a phone it scrolls sideways
    <Box style={{ overflowX: 'auto' }} data-testid="preview-scroll">
      <Box
        data-testid="printed-form"
        style={{
          minWidth: 900,
          maxWidth: 980,
          background: 'white',
          padding: 16,
          border: '1px solid #ddd',
          ['--tr-rule' as string]: FORM_COLOR,
        }}
      >
        <Group justify="space-between" mb={6}>
          <Text fw={700} size="lg">
            各事業年度の所得に係る申告書 － 内国法人の分
          </Text>
          <Text fw={700} c={FORM_COLOR}>
            別表一
          </Text>
        </Group>
        <Text size="sm" mb={8}>
          {f.shinsei_year
            ? `令和${f.shinsei_year}年${f.shinsei_month}月${f.shinsei_day}日 提出`
            : '令和　年　月　日 提出'}
          {`　${f.tax_office || '　　'} 税務署長殿`}
        </Text>
        <Box style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 0 }}>
          <Field label="納税地">{f.tax_place}</Field>
          <Field label="電話番号">{[f.tel_01, f.tel_02, f.tel_03].filter(Boolean).join('－')}</Field>
          <Field label="（フリガナ）">{f.corporate_name_furigana}</Field>
          <Field label="事業種目">{f.business_type}</Field>
          <Field label="法人名">
            <span style={{ fontSize: 16 }}>{f.corporate_name}</span>
          </Field>
          <Field label="期末現在の資本金の額">{capital}</Field>
          <Field label="法人番号">
            <DigitBoxes chars={corp} label={`法人番号 ${corp.join('')}`} groups={false} />
          </Field>
          <Field label="法人区分">{f.industry}</Field>
          <Field label="（フリガナ）">{f.representative_name_furigana}</Field>
          <Field label="旧納税地及び旧法人名等">{f.former_tax_corporate_name}</Field>
          <Field label="代表者">{f.representative_name}</Field>
          <Field label="整理番号">{joinBoxes(f, 'company_number', 8)}</Field>
          <Field label="代表者住所" span={2}>
            {f.representative_address}
          </Field>
          <Field label="事業年度（法人税） / 課税事業年度（地方法人税）" span={2}>
            <span data-testid="preview-period">
              自 {date('fiscal_year', 'from')}　至 {date('fiscal_year', 'to')}
            </span>
          </Field>
        </Box>
        <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 12, marginTop: 10 }}>
          <Box>
            <Text size="xs" fw={700} c={FORM_COLOR} mb={2}>
              法人税額の計算
            </Text>
            {LEFT.map((n) => (
              <LineBoxes key={n} data={data} n={n} />
            ))}
          </Box>
          <Box>
            <Text size="xs" fw={700} c={FORM_COLOR} mb={2}>
              地方法人税額の計算
            </Text>
            {RIGHT.map((n) => (
              <LineBoxes key={n} data={data} n={n} />
            ))}
            <Text size="xs" c="dimmed" mt={8}>
              防衛特別法人税：
              {data.defense_special_corporate_tax.applies
                ? `${data.defense_special_corporate_tax.amount.toLocaleString('en-US')}円`
                : '対象外'}
            </Text>
            <Text size="xs" fw={700} c={FORM_COLOR} mt={10} mb={2}>
              還付を受けようとする金融機関等
            </Text>
            <Box style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0 }}>
              <Field label="銀行等">{[f.bank_name, f.bank_kind].filter(Boolean).join(' ')}</Field>
              <Field label="本店・支店">{[f.bank_branch_name, f.bank_branch_kind].filter(Boolean).join(' ')}</Field>
              <Field label="預金種類">{f.bank_deposit_type}</Field>
              <Field label="口座番号">{f.bank_number}</Field>
              <Field label="ゆうちょ銀行の貯金記号番号">
                {[f.bankpost_symbol, f.bankpost_number].filter(Boolean).join('－')}
              </Field>
              <Field label="郵便局名等">{f.bankpost_office}</Field>
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
