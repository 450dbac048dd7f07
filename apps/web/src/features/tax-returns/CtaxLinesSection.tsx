import { type ConsumptionTaxExplanation, type ConsumptionTaxLink, formatJPY } from '@chobo/core';
import { Anchor, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Section } from './Section';

/** Where a link of an explained figure opens: the 仕訳帳 filtered by its query (account, 税区分, period). */
export function ctaxLinkHref(link: ConsumptionTaxLink): string | null {
  if (link.query && Object.keys(link.query).length) return `/company/accountings_bk?${new URLSearchParams(link.query)}`;
  if (link.entry_ids?.length === 1) return `/company/accountings_bk/edit?id=${link.entry_ids[0]}`;
  return null;
}

/** Every line of 第一表 with its amount; a line opens to how it was reached and the entries behind it. */
export function CtaxLinesSection({ lines }: { lines: ConsumptionTaxExplanation[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Section title="第一表の各行" description="行を押すと計算式と使った金額、もとになった仕訳へのリンクを表示します。">
      <Stack gap={2}>
        {lines.map((l) => {
          const id = `${l.line}-${l.key}`;
          const expanded = open === id;
          return (
            <Box
              key={id}
              data-testid={`ctax-line-${l.key}`}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <UnstyledButton
                w="100%"
                py={6}
                onClick={() => setOpen(expanded ? null : id)}
                aria-expanded={expanded}
                style={{ minHeight: 44 }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                    <Text size="sm" fw={700} c="red.9" w={28} style={{ flexShrink: 0 }}>
                      {l.line}
                    </Text>
                    <Text size="sm">{l.label}</Text>
                  </Group>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatJPY(l.amount)}
                  </Text>
                </Group>
              </UnstyledButton>
              {expanded && (
                <Box pl={48} pb="xs">
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                    {l.text}
                  </Text>
                  {(l.links ?? []).map((link) => {
                    const href = ctaxLinkHref(link);
                    return href ? (
                      <Anchor key={`${link.label}-${href}`} component={Link} to={href} size="xs" display="block">
                        {link.label}の仕訳を見る
                      </Anchor>
                    ) : (
                      <Text key={link.label} size="xs">
                        {link.label}
                      </Text>
                    );
                  })}
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
}
