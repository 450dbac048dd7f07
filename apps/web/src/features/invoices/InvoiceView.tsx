import { type Invoice, TAX_MODES } from '@chobo/core';
import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowForward, IconDownload, IconEdit, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCustomer } from '../customers/api';
import { TotalsBox } from '../transactions/TotalsBox';
import {
  downloadInvoicePdf,
  downloadInvoiceXml,
  useCorrectInvoice,
  useSaveInvoiceMailTemplate,
  useSendInvoice,
} from './api';
import { InvoicePaymentsSection } from './InvoicePaymentsSection';
import { CorrectionAlerts, InvoiceContent } from './InvoiceSections';
import { invoiceEditPath, REDUCED_LEGEND } from './labels';
import { PartyCard } from './PartyCard';
import { SendInvoiceModal } from './SendInvoiceModal';

/**
 * An issued / sent / paid / void invoice: read-only, with the snapshot of 請求元 and 請求先 taken at issue,
 * and the actions PDF / 電子インボイス（XML） / メールで送付 / 訂正する.
 */
export function InvoiceView({ invoice, onOpen }: { invoice: Invoice; onOpen: (id: number) => void }) {
  const send = useSendInvoice();
  const saveTemplate = useSaveInvoiceMailTemplate();
  const correct = useCorrectInvoice();
  const customer = useCustomer(invoice.customer_id);
  const [sendOpen, setSendOpen] = useState(false);
  const [downloading, setDownloading] = useState<'pdf' | 'xml' | null>(null);
  const isVoid = invoice.status === 'void';
  const hasReduced = invoice.lines.some((l) => l.tax_category === '8');

  const download = async (kind: 'pdf' | 'xml') => {
    setDownloading(kind);
    try {
      await (kind === 'pdf' ? downloadInvoicePdf(invoice) : downloadInvoiceXml(invoice));
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setDownloading(null);
    }
  };

  const confirmCorrect = () =>
    modals.openConfirmModal({
      title: '請求書を訂正しますか？',
      children: (
        <Text size="sm">
          この請求書の内容をコピーした訂正用の下書きを作成します。訂正の請求書を発行すると、No.{invoice.number}{' '}
          は無効になります。
        </Text>
      ),
      labels: { confirm: '訂正の下書きを作成', cancel: 'キャンセル' },
      onConfirm: () =>
        correct.mutate(invoice.id, {
          onSuccess: (draft) => {
            notifySuccess(`No.${invoice.number} を訂正する下書きを作成しました`);
            onOpen(draft.id);
          },
          onError: (e) => notifyError(e.message),
        }),
    });

  return (
    <Stack gap="lg">
      <CorrectionAlerts invoice={invoice} />

      <Group gap="sm" wrap="wrap" aria-label="請求書の操作" role="group">
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void download('pdf')}
          loading={downloading === 'pdf'}
        >
          PDFをダウンロード
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void download('xml')}
          loading={downloading === 'xml'}
          title="JP PINT（Peppol）形式の適格請求書"
        >
          電子インボイス（XML）
        </Button>
        {!isVoid && (
          <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setSendOpen(true)}>
            メールで送付
          </Button>
        )}
        {!isVoid && !invoice.corrected_by_id && (
          <Button
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={confirmCorrect}
            loading={correct.isPending}
          >
            訂正する
          </Button>
        )}
        {!isVoid && invoice.corrected_by_id && (
          <Button
            variant="subtle"
            component={Link}
            to={invoiceEditPath(invoice.corrected_by_id)}
            leftSection={<IconArrowForward size={16} />}
          >
            訂正中の請求書
          </Button>
        )}
      </Group>

      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PartyCard title="請求先" party={invoice.recipient} fallbackName={invoice.customer_name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PartyCard title="請求元" party={invoice.issuer} fallbackName="" />
        </Grid.Col>
      </Grid>

      <InvoiceContent invoice={invoice} />

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: 2, sm: 1 }}>
          <Text size="sm" fw={500} mb={4}>
            備考
          </Text>
          <Text size="sm" c={invoice.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {invoice.notes || 'なし'}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: 1, sm: 2 }}>
          <TotalsBox totals={invoice.totals} modeLabel={`（${TAX_MODES[invoice.tax_mode]}）`} />
          {hasReduced && (
            <Text size="xs" c="dimmed" mt={6} ta="right" data-testid="reduced-legend">
              {REDUCED_LEGEND}
            </Text>
          )}
        </Grid.Col>
      </Grid>

      <InvoicePaymentsSection invoice={invoice} />

      <SendInvoiceModal
        opened={sendOpen}
        onClose={() => setSendOpen(false)}
        invoice={invoice}
        defaultTo={customer.data?.email ?? ''}
        onSend={async (body, saveAsTemplate) => {
          await send.mutateAsync({ id: invoice.id, ...body });
          notifySuccess(`請求書 No.${invoice.number} を ${body.to} に送付しました`);
          if (saveAsTemplate && body.subject && body.body) {
            await saveTemplate
              .mutateAsync({ subject: body.subject, body: body.body })
              .then(() => notifySuccess('件名と本文を会社のひな形として保存しました'))
              .catch((e) => notifyError(errorMessage(e)));
          }
        }}
      />
    </Stack>
  );
}
