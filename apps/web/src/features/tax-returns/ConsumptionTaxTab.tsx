import { formatDateTimeJa } from '@chobo/core';
import { Alert, Button, Collapse, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBook2, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { ConflictAlert } from '../../lib/conflict';
import { notifyError } from '../../lib/notify';
import { downloadFile } from '../accounting/download';
import { ctaxPath } from './api';
import { CtaxFormsPreview } from './CtaxFormsPreview';
import { CtaxInputsSection } from './CtaxInputsSection';
import { CtaxLinesSection } from './CtaxLinesSection';
import { CtaxMethodsSection } from './CtaxMethodsSection';
import { CtaxSettingsForm } from './CtaxSettingsForm';
import { CtaxSettlementSection } from './CtaxSettlementSection';
import { useChosenYear } from './chosen-year';
import { FilerNotice, ReturnYearSelect } from './ReturnYear';
import { useConsumptionTax } from './use-consumption-tax';

/**
 * The 消費税 tab of /company/preparation-of-tax-return (issue 27): the 課税期間 (fiscal year), the method
 * comparison, this year's settings and the figures from the books, every 第一表 line explained and linked to
 * its entries, the preview of 第一表 and the 付表, the PDF, the company settings and the settlement entry.
 */
export function ConsumptionTaxTab() {
  const { years, list, year, choose } = useChosenYear();
  const c = useConsumptionTax(year?.id ?? null);
  const [showSettings, setShowSettings] = useState(false);
  const { server, inputs, live } = c;

  const pdf = async () => {
    if (!year) return;
    try {
      await downloadFile(ctaxPath(year.id, '/pdf'), {}, `consumption-tax-return-${year.end_date}.pdf`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const pdfDisabled = c.dirty || !server?.result ? '保存した内容でPDFを作成します。先に保存してください。' : null;

  return (
    <Stack gap="md">
      <FilerNotice />
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <ReturnYearSelect label="課税期間（事業年度）" chosen={{ years, list, year }} onChoose={choose} />
          <Button leftSection={<IconBook2 size={16} />} onClick={c.fill} loading={c.busy === 'fill'} disabled={!server}>
            帳簿から作成
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconSettings size={16} />}
            onClick={() => setShowSettings((s) => !s)}
          >
            {showSettings ? '消費税の設定を閉じる' : '消費税の設定'}
          </Button>
        </Group>
        {server?.filled_at && (
          <Text size="xs" c="dimmed" mt="xs">
            帳簿から作成: {formatDateTimeJa(server.filled_at)}
          </Text>
        )}
        <Collapse expanded={showSettings}>
          <Paper withBorder p="sm" mt="sm">
            <CtaxSettingsForm />
          </Paper>
        </Collapse>
      </Paper>

      {c.conflict && <ConflictAlert message={c.conflict} onReload={c.reload} reloading={false} />}

      {!server || !inputs || !live ? (
        years.data && list.length === 0 ? (
          <Text c="dimmed">会計年度がありません。会計帳簿の「会計年度・締め」で作成してください。</Text>
        ) : (
          <Skeleton h={400} />
        )
      ) : (
        <>
          <CtaxMethodsSection
            comparison={live.comparison}
            method={inputs.method}
            onChoose={(method) => c.change({ method })}
          />
          <CtaxInputsSection
            inputs={inputs}
            sources={server.sources}
            change={c.change}
            save={c.save}
            saving={c.busy === 'save'}
            dirty={c.dirty}
          />
          {live.refusal || !live.result ? (
            <Alert color="red" variant="light" title="この課税方式・計算方法は使えません" data-testid="ctax-refusal">
              {live.refusal}
            </Alert>
          ) : (
            <>
              <CtaxLinesSection lines={live.result.explanation} />
              <CtaxFormsPreview inputs={inputs} result={live.result} onPdf={pdf} pdfDisabled={pdfDisabled} />
            </>
          )}
          <CtaxSettlementSection ret={server} dirty={c.dirty} adopt={c.adopt} />
        </>
      )}
    </Stack>
  );
}
