import { formatDateJa } from '@chobo/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { FISCAL_YEARS_PATH, useBooksWrite } from './api';

/**
 * The offer beside a date just past the last fiscal year (the server's 422 carries `next_fiscal_year`):
 * 「次の会計年度を作成」 creates it through the fiscal-year create call, then `onCreated` saves again.
 */
export function NextFiscalYearOffer({
  year,
  onCreated,
}: {
  year: { start_date: string; end_date: string };
  onCreated: () => void;
}) {
  const create = useBooksWrite();
  const label = `${formatDateJa(year.start_date)}〜${formatDateJa(year.end_date)}`;
  return (
    <Alert color="warning" icon={<IconCalendarPlus size={16} />} mt="md" title="会計年度がありません">
      <Text size="sm">
        日付が登録済みの会計年度の後です。次の会計年度（{label}）を作成して、この仕訳を登録できます。
      </Text>
      {create.error && (
        <Text size="sm" c="danger" role="alert" mt={4}>
          {create.error.message}
        </Text>
      )}
      <Group mt="sm">
        <Button
          size="sm"
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { method: 'post', path: FISCAL_YEARS_PATH, body: { start_date: year.start_date } },
              { onSuccess: onCreated },
            )
          }
        >
          次の会計年度を作成
        </Button>
      </Group>
    </Alert>
  );
}
