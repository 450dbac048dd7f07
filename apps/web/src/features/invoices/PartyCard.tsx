import type { InvoiceParty } from '@chobo/core';
import { Paper, Text } from '@mantine/core';

/** 9800811 → 980-0811 */
const postal = (code: string) => (/^\d{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code);

/** 請求先 or 請求元 as taken at issue: name and honorific, 登録番号, address, TEL, 振込先. */
export function PartyCard({
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
