import {
  DEFAULT_INVOICE_MAIL_TEMPLATE,
  fillInvoiceMail,
  INVOICE_MAIL_PLACEHOLDERS,
  type Invoice,
  type InvoiceSendInput,
  invoiceMailFields,
  invoiceSendInput,
  splitAddresses,
} from '@chobo/core';
import { Button, Checkbox, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowLeft, IconEye, IconMail, IconPaperclip } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useInvoiceMailTemplate } from './api';

interface Draft {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}
type FieldErrors = Partial<Record<keyof Draft | '_', string>>;

/** What the dialog sends (POST …/send), parsed with the server's own schema; the first error of each field. */
export function sendBodyOf(
  draft: Draft,
): { body: InvoiceSendInput; errors: null } | { body: null; errors: FieldErrors } {
  const raw = {
    to: draft.to.trim(),
    cc: splitAddresses(draft.cc),
    bcc: splitAddresses(draft.bcc),
    subject: draft.subject,
    body: draft.body,
  };
  if (!raw.to) return { body: null, errors: { to: '送付先のメールアドレスを入力してください' } };
  const parsed = invoiceSendInput.safeParse(raw);
  if (parsed.success && parsed.data) return { body: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = (issue.path[0] as keyof Draft | undefined) ?? '_';
    errors[key] ??= typeof issue.path[1] === 'number' ? `${issue.path[1] + 1}件目: ${issue.message}` : issue.message;
  }
  return { body: null, errors };
}

/**
 * 「メールで送付」: 送付先 (the customer's address), CC, BCC, 件名 and 本文 from the company's template (its
 * placeholders {取引先名} … listed), then a preview of exactly what is sent (filled by the same code as the server)
 * before 送付する. Optionally the edited 件名・本文 become the company's template.
 */
export function SendInvoiceModal({
  opened,
  onClose,
  defaultTo,
  invoice,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  defaultTo: string;
  invoice: Invoice;
  onSend: (body: InvoiceSendInput, saveTemplate: boolean) => Promise<unknown>;
}) {
  const template = useInvoiceMailTemplate(opened);
  const [draft, setDraft] = useState<Draft>({ to: defaultTo, cc: '', bcc: '', subject: '', body: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<InvoiceSendInput | null>(null);
  const [saveTemplate, setSaveTemplate] = useState(false);
  const [attachXml, setAttachXml] = useState(false);
  const [sending, setSending] = useState(false);
  const fields = useMemo(() => invoiceMailFields(invoice), [invoice]);

  useEffect(() => {
    if (!opened) return;
    setDraft((d) => ({ ...d, to: defaultTo, cc: '', bcc: '' }));
    setErrors({});
    setPreview(null);
    setSaveTemplate(false);
  }, [opened, defaultTo]);
  // the company's template, or the default when it cannot be read
  const loaded = template.data ?? (template.isError ? DEFAULT_INVOICE_MAIL_TEMPLATE : null);
  useEffect(() => {
    if (opened && loaded) setDraft((d) => ({ ...d, subject: loaded.subject, body: loaded.body }));
  }, [opened, loaded]);

  const set = (key: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, _: undefined }));
  };

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    const result = sendBodyOf(draft);
    if (result.errors) setErrors(result.errors);
    else setPreview(result.body);
  };

  const send = async () => {
    if (!preview) return;
    setSending(true);
    try {
      await onSend(attachXml ? { ...preview, attach_xml: true } : preview, saveTemplate);
      onClose();
    } catch (e) {
      setPreview(null);
      setErrors({ _: errorMessage(e) });
    } finally {
      setSending(false);
    }
  };

  const title = `請求書 No.${invoice.number} をメールで送付`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      {preview ? (
        <Stack gap="md" data-testid="mail-preview">
          <Text size="sm" fw={600}>
            プレビュー（この内容で送信します）
          </Text>
          <Paper withBorder radius="md" p="md">
            <Stack gap={6}>
              <PreviewLine label="宛先" value={preview.to ?? ''} />
              {preview.cc?.length ? <PreviewLine label="CC" value={preview.cc.join(', ')} /> : null}
              {preview.bcc?.length ? <PreviewLine label="BCC" value={preview.bcc.join(', ')} /> : null}
              <PreviewLine label="件名" value={fillInvoiceMail(preview.subject ?? '', fields)} />
              <Group gap={6} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text size="sm">請求書_{invoice.number}.pdf</Text>
              </Group>
              {attachXml && (
                <Group gap={6} wrap="nowrap">
                  <IconPaperclip size={14} aria-hidden />
                  <Text size="sm">請求書_{invoice.number}.xml（電子インボイス）</Text>
                </Group>
              )}
              <Text
                size="sm"
                mt="xs"
                data-testid="mail-preview-body"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {fillInvoiceMail(preview.body ?? '', fields)}
              </Text>
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed">
            送付すると状態が「送付済」になります。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setPreview(null)}>
              戻って編集
            </Button>
            <Button leftSection={<IconMail size={16} />} loading={sending} onClick={() => void send()} data-autofocus>
              送付する
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={showPreview} noValidate>
          <Stack gap="sm">
            <TextInput
              type="email"
              label="送付先"
              withAsterisk
              data-autofocus
              value={draft.to}
              onChange={(e) => set('to')(e.currentTarget.value)}
              error={errors.to}
              autoComplete="email"
            />
            <TextInput
              label="CC"
              description="複数はカンマ区切り（10件まで）"
              value={draft.cc}
              onChange={(e) => set('cc')(e.currentTarget.value)}
              error={errors.cc}
            />
            <TextInput
              label="BCC"
              description="複数はカンマ区切り（10件まで）"
              value={draft.bcc}
              onChange={(e) => set('bcc')(e.currentTarget.value)}
              error={errors.bcc}
            />
            {!loaded ? (
              <Skeleton h={180} />
            ) : (
              <>
                <TextInput
                  label="件名"
                  withAsterisk
                  value={draft.subject}
                  onChange={(e) => set('subject')(e.currentTarget.value)}
                  error={errors.subject}
                />
                <Textarea
                  label="本文"
                  withAsterisk
                  autosize
                  minRows={6}
                  maxRows={14}
                  value={draft.body}
                  onChange={(e) => set('body')(e.currentTarget.value)}
                  error={errors.body}
                />
                <Text size="xs" c="dimmed">
                  差し込み項目: {INVOICE_MAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}
                  （送信時にこの請求書の内容に置き換わります）。PDFを添付して送信します。
                </Text>
                <Checkbox
                  label="電子インボイス（XML・JP PINT）も添付する"
                  checked={attachXml}
                  onChange={(e) => setAttachXml(e.currentTarget.checked)}
                />
                <Checkbox
                  label="この件名と本文を会社のひな形として保存する"
                  checked={saveTemplate}
                  onChange={(e) => setSaveTemplate(e.currentTarget.checked)}
                />
              </>
            )}
            {errors._ && (
              <Text size="sm" c="red" role="alert">
                {errors._}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                キャンセル
              </Button>
              <Button type="submit" leftSection={<IconEye size={16} />} disabled={!loaded}>
                プレビュー
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function PreviewLine({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={48} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
