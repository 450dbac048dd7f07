import { type BankRule, formatJPY } from '@chobo/core';
import { ActionIcon, Card, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useAccountsList, useDeleteRule, useRules } from './api';

/** The condition of a rule in words. */
function conditionOf(r: BankRule): string {
  const parts: string[] = [];
  if (r.direction !== 'any') parts.push(r.direction === 'in' ? '入金' : '出金');
  if (r.description_contains) parts.push(`摘要に「${r.description_contains}」を含む`);
  if (r.description_regex) parts.push(`摘要が /${r.description_regex}/ に一致`);
  if (r.counterparty_contains) parts.push(`振込名義に「${r.counterparty_contains}」を含む`);
  if (r.amount_min !== null || r.amount_max !== null)
    parts.push(
      `金額 ${r.amount_min === null ? '' : formatJPY(r.amount_min)}〜${r.amount_max === null ? '' : formatJPY(r.amount_max)}`,
    );
  return parts.join('・');
}

/** 自動仕訳ルール in priority order (saved from a confirmation's offer or through the API). */
export function RulesCard() {
  const rules = useRules();
  const accounts = useAccountsList();
  const remove = useDeleteRule();
  const name = (id: number) => accounts.data?.find((a) => a.id === id)?.name ?? '';
  if (!rules.data?.length) return null;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>自動仕訳ルール（優先順）</Title>
        <ScrollArea>
          <Table striped miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ルール名</Table.Th>
                <Table.Th>条件</Table.Th>
                <Table.Th>勘定科目</Table.Th>
                <Table.Th>分割</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{conditionOf(r)}</Text>
                  </Table.Td>
                  <Table.Td>{name(r.account_id)}</Table.Td>
                  <Table.Td>
                    {r.splits.map((s) => (
                      <Text size="xs" key={`${s.account_id}-${s.amount}-${s.percent}`}>
                        {name(s.account_id)} {s.amount !== null ? formatJPY(s.amount) : `${s.percent}%`}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`ルール「${r.name}」を削除`}
                      loading={remove.isPending && remove.variables === r.id}
                      onClick={() => remove.mutate(r.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Card>
  );
}
