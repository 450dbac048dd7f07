import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';

/** 「メールで送付」: the customer's address prefilled and editable; the PDF goes as an attachment. */
export function SendInvoiceModal({
  opened,
  onClose,
  defaultTo,
  invoiceNumber,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  defaultTo: string;
  invoiceNumber: number;
  onSend: (to: string) => Promise<unknown>;
}) {
  const [to, setTo] = useState(defaultTo);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (opened) {
      setTo(defaultTo);
      setError(null);
    }
  }, [opened, defaultTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError(address ? 'メールアドレスの形式が正しくありません' : '送付先のメールアドレスを入力してください');
      return;
    }
    setSending(true);
    try {
      await onSend(address);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`請求書 No.${invoiceNumber} をメールで送付`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            type="email"
            label="送付先"
            withAsterisk
            data-autofocus
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="email"
          />
          <Text size="xs" c="dimmed">
            請求書のPDFを添付して送信します。送付すると状態が「送付済」になります。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button type="submit" leftSection={<IconMail size={16} />} loading={sending}>
              送付する
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
