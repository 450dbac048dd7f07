import { formatDateTimeJa } from '@chobo/core';
import { Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconBook2, IconEye, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ConflictAlert } from '../../lib/conflict';
import { ConsumptionTaxTab } from './ConsumptionTaxTab';
import { useChosenYear } from './chosen-year';
import { EstimateSection } from './EstimateSection';
import { HeaderSection } from './HeaderSection';
import { IncomeSection, InputsSection } from './IncomeSection';
import { LinesSection } from './LinesSection';
import { FilerNotice, ReturnYearSelect } from './ReturnYear';
import { useComputedReturn } from './use-computed-return';
import { useReturnActions } from './use-return-actions';
import { type SaveState, useTaxReturnEditor } from './use-tax-return-editor';

export { defaultYear, FILER_NOTICE, useChosenYear, yearOption } from './chosen-year';

const SAVE_LABEL: Record<SaveState, string> = {
  saved: '保存済み',
  pending: '未保存の変更あり（この端末には保存済み）',
  saving: '保存中…',
  error: '保存できませんでした',
};

/**
 * /company/preparation-of-tax-return: two tabs — 法人税 (別表一, issue 15) and 消費税 (issue 27); the tab lives
 * in the URL (?tab=consumption).
 */
export default function TaxReturnPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'consumption' ? 'consumption' : 'corporate';
  return (
    <>
      <PageHeader
        mb="sm"
        title="確定申告書の作成・出力"
        description="法人税（別表一）と消費税及び地方消費税の確定申告書を帳簿から作成し、印刷用のPDFを出力します。"
      />
      <Tabs
        value={tab}
        onChange={(v) =>
          setParams(
            (p) => {
              if (v === 'consumption') p.set('tab', 'consumption');
              else p.delete('tab');
              return p;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="corporate">法人税</Tabs.Tab>
          <Tabs.Tab value="consumption">消費税</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="corporate">
          <CorporateTaxTab />
        </Tabs.Panel>
        <Tabs.Panel value="consumption">
          <ConsumptionTaxTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** The 法人税 return (別表一) of one fiscal year, drafted from the books. */
function CorporateTaxTab() {
  const { years, list, year, choose } = useChosenYear();
  const editor = useTaxReturnEditor(year?.id ?? null);
  const { server, draft, change, flush, adopt, state, conflict, reload } = editor;
  const calc = useComputedReturn(server, draft);
  const { fill, filling, pdf, preview } = useReturnActions(year, flush, adopt);
  const [openLine, setOpenLine] = useState<string | null>(null);

  const setForm = (patch: Record<string, string>) => draft && change({ ...draft, form: { ...draft.form, ...patch } });

  return (
    <>
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
        <FilerNotice />

        <Paper withBorder p="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <ReturnYearSelect
              label="事業年度"
              chosen={{ years, list, year }}
              onChoose={async (id) => {
                await flush();
                choose(id);
              }}
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
            <LinesSection
              draft={draft}
              change={change}
              result={calc.result}
              computed={calc.computed}
              openLine={openLine}
              setOpenLine={setOpenLine}
            />
            <EstimateSection server={server} estimate={calc.estimate} flush={flush} adopt={adopt} />
          </>
        )}
      </Stack>
    </>
  );
}
