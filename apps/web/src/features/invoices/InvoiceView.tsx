import { formatDateJa, formatDateTimeJa, type Invoice, type InvoiceParty, TAX_MODES } from '@chobo/core';
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowForward, IconDownload, IconEdit, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCustomer } from '../customers/api';
import { TotalsBox } from '../transactions/TotalsBox';
import { downloadInvoicePdf, useCorrectInvoice, useSendInvoice } from './api';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { invoiceEditPath, REDUCED_LEGEND } from './labels';
import { SendInvoiceModal } from './SendInvoiceModal';

/** 9800811 → 980-0811 */
const postal = (code: string) => (/^\d{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code);

function PartyCard({
  title,
  party,
  fallbackName,
}: {
  title: string;
  party: InvoiceParty | null;
  fallbackName: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" component="section" aria-label={title}>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        {title}
      </Text>
      <Text fw={700}>
        {party?.name ?? fallbackName}
        {party?.honorific ? ` ${party.honorific}` : ''}
      </Text>
      {party?.registration_number && (
        <Text size="sm" ff="monospace">
          登録番号 {party.registration_number}
        </Text>
      )}
      {(party?.postal_code || party?.address) && (
        <Text size="sm" c="dimmed">
          {party.postal_code ? `〒${postal(party.postal_code)} ` : ''}
          {party.address ?? ''}
        </Text>
      )}
      {party?.tel && (
        <Text size="sm" c="dimmed">
          TEL {party.tel}
        </Text>
      )}
      {party?.bank_account && (
        <Text size="sm" mt={4}>
          振込先 {party.bank_account}
        </Text>
      )}
    </Paper>
  );
}

/**
 * An issued / sent / paid / void invoice: read-only, with the snapshot of 請求元 and 請求先 taken at issue,
 * and the actions PDF / メールで送付 / 訂正する.
 */
export function InvoiceView({ invoice, onOpen }: { invoice: Invoice; onOpen: (id: number) => void }) {
  const send = useSendInvoice();
  const correct = useCorrectInvoice();
  const customer = useCustomer(invoice.customer_id);
  const [sendOpen, setSendOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const isVoid = invoice.status === 'void';
  const hasDates = invoice.lines.some((l) => l.date);
  const hasReduced = invoice.lines.some((l) => l.tax_category === '8');

  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setDownloading(false);
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
      {isVoid && (
        <Alert color="red" variant="light" title="この請求書は無効です">
          {invoice.corrected_by_id ? (
            <>
              訂正の請求書に置き換えられました。{' '}
              <Anchor component={Link} to={invoiceEditPath(invoice.corrected_by_id)} size="sm" fw={600}>
                訂正後の請求書を開く
              </Anchor>
            </>
          ) : (
            '取引先には、無効になったことをお知らせください。'
          )}
        </Alert>
      )}
      {!isVoid && invoice.corrected_by_id && (
        <Alert color="blue" variant="light">
          この請求書を訂正する下書きがあります。{' '}
          <Anchor component={Link} to={invoiceEditPath(invoice.corrected_by_id)} size="sm" fw={600}>
            訂正中の請求書を開く
          </Anchor>
        </Alert>
      )}

      <Group gap="sm" wrap="wrap" aria-label="請求書の操作" role="group">
        <Button leftSection={<IconDownload size={16} />} onClick={() => void download()} loading={downloading}>
          PDFをダウンロード
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

      <Paper withBorder radius="md" p="md" component="section" aria-label="請求内容">
        <Group gap="xl" mb="md" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              請求日
            </Text>
            <Text fw={600}>{formatDateJa(invoice.issue_date)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              支払期限
            </Text>
            <Text fw={600}>{invoice.due_date ? formatDateJa(invoice.due_date) : '—'}</Text>
          </div>
          {invoice.issued_at && (
            <div>
              <Text size="xs" c="dimmed">
                発行
              </Text>
              <Text size="sm">{formatDateTimeJa(invoice.issued_at)}</Text>
            </div>
          )}
          {invoice.sent_at && (
            <div>
              <Text size="xs" c="dimmed">
                送付
              </Text>
              <Text size="sm">{formatDateTimeJa(invoice.sent_at)}</Text>
            </div>
          )}
        </Group>
        <Title order={3} fz={16} mb="xs">
          明細
        </Title>
        <InvoiceLinesTable
          label="請求書の明細"
          withDate={hasDates}
          lines={invoice.lines.map((l) => ({ ...l, key: l.line_no }))}
        />
      </Paper>

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

      <SendInvoiceModal
        opened={sendOpen}
        onClose={() => setSendOpen(false)}
        invoiceNumber={invoice.number}
        defaultTo={customer.data?.email ?? ''}
        onSend={async (to) => {
          await send.mutateAsync({ id: invoice.id, to });
          notifySuccess(`請求書 No.${invoice.number} を ${to} に送付しました`);
        }}
      />
    </Stack>
  );
}
