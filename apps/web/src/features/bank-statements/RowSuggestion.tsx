import { type BankRow, formatJPY, JOURNAL_TAX_CATEGORIES } from '@chobo/core';
import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A row's journal: its entry once confirmed, 対象外, the person's change, or the suggestion with its reasons. */
export function RowSuggestion({ row }: { row: BankRow }) {
  const s = row.suggestion;
  if (row.status === 'confirmed') {
    return (
      <Anchor component={Link} to="/company/accountings_bk" size="sm">
        仕訳 No.{row.journal_entry_number}
      </Anchor>
    );
  }
  if (row.status === 'ignored') return <Badge color="gray">対象外</Badge>;
  if (row.edit) {
    return (
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <Badge color="blue" variant="light">
            変更
          </Badge>
          <Text size="sm" fw={500}>
            {row.edit.account_name}（{JOURNAL_TAX_CATEGORIES[row.edit.tax_category as 'none'] ?? row.edit.tax_category}
            ）
          </Text>
        </Group>
        {row.edit.description && <Text size="xs">摘要: {row.edit.description}</Text>}
      </Stack>
    );
  }
  if (!s)
    return (
      <Text size="sm" c="dimmed">
        候補なし
      </Text>
    );
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Badge color={s.kind === 'rule' ? 'grape' : s.score >= 80 ? 'teal' : 'yellow'} variant="light">
          {s.kind === 'rule' ? 'ルール' : '照合'} {s.score}点
        </Badge>
        <Text size="sm" fw={500}>
          {s.account_name}
          {s.customer_name ? `／${s.customer_name}` : ''}
        </Text>
      </Group>
      {s.fee > 0 && <Text size="xs">振込手数料 {formatJPY(s.fee)} を支払手数料に計上</Text>}
      {s.splits.map((x) => (
        <Text size="xs" key={`${x.account_id}-${x.amount}`}>
          分割: {x.description ?? ''} {formatJPY(x.amount)}
        </Text>
      ))}
      <List size="xs" c="dimmed" spacing={0}>
        {s.reasons.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
