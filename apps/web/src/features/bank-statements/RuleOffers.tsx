import type { BankRuleOffer } from '@chobo/core';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RuleModal } from './RulesCard';

/** After a confirm: the same description confirmed twice the same way, offered as a rule. */
export function RuleOffers({ offers, onDone }: { offers: BankRuleOffer[]; onDone: (o: BankRuleOffer) => void }) {
  const [open, setOpen] = useState<BankRuleOffer | null>(null);
  if (offers.length === 0) return null;
  return (
    <Alert color="blue" title="同じ内容の明細を2回同じように確定しました。ルールとして保存しますか？">
      <Stack gap="xs">
        {offers.map((o) => (
          <Group key={o.description_contains} justify="space-between">
            <Text size="sm">
              摘要に「{o.description_contains}」を含む{o.direction === 'in' ? '入金' : '出金'}
            </Text>
            <Button size="xs" onClick={() => setOpen(o)}>
              ルールとして保存
            </Button>
          </Group>
        ))}
      </Stack>
      <RuleModal
        opened={open !== null}
        rule={null}
        initial={
          open
            ? {
                name: open.name,
                description_contains: open.description_contains,
                direction: open.direction,
                account_id: open.account_id,
                tax_category: open.tax_category,
                customer_id: open.customer_id,
              }
            : undefined
        }
        onClose={() => {
          if (open) onDone(open);
          setOpen(null);
        }}
      />
    </Alert>
  );
}
