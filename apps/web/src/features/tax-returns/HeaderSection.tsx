import type { TaxReturn } from '@chobo/core';
import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import { joinBoxes, period, type ReturnForm, splitBoxes } from './form-fields';
import { Section } from './Section';

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
/** 提出年月日 (令和): year, month, day boxes. */
const FILING_DATE: [string, string, string][] = [
  ['shinsei_year', '提出年', '年'],
  ['shinsei_month', '提出月', '月'],
  ['shinsei_day', '提出日', '日'],
];
const TEL_PARTS: [string, string][] = [
  ['tel_01', '電話番号（市外局番）'],
  ['tel_02', '電話番号（市内局番）'],
  ['tel_03', '電話番号（番号）'],
];

/** 基本情報: the filing date, the company and its representative, the refund account. */
export function HeaderSection({
  form,
  setForm,
  server,
}: {
  form: ReturnForm;
  setForm: (patch: ReturnForm) => void;
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
          {FILING_DATE.map(([key, label, unit]) => (
            <TextInput
              key={key}
              aria-label={label}
              w={70}
              value={form[key]}
              onChange={(e) => setForm({ [key]: e.currentTarget.value })}
              rightSection={unit}
            />
          ))}
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
            {TEL_PARTS.map(([key, label], i) => (
              <Fragment key={key}>
                {i > 0 && <Text pb={8}>-</Text>}
                <TextInput
                  label={i === 0 ? '電話番号' : undefined}
                  aria-label={label}
                  w={80}
                  value={form[key]}
                  onChange={(e) => setForm({ [key]: e.currentTarget.value })}
                />
              </Fragment>
            ))}
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
