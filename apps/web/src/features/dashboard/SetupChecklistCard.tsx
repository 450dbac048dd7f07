import { SETUP_STEPS, type SetupChecklist } from '@chobo/core';
import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

const dismissKey = (companyId: number) => `chobo.setup-checklist.dismissed.${companyId}`;

function readDismissed(companyId: number): boolean {
  try {
    return localStorage.getItem(dismissKey(companyId)) === '1';
  } catch {
    return false;
  }
}

/**
 * はじめの設定: the first-run checklist of a new company (each step read from its data by the server), with a link
 * to the screen that completes each open step. Hidden once every step is done, or when dismissed (kept per
 * company in this browser).
 */
export function SetupChecklistCard({ setup, companyId }: { setup: SetupChecklist; companyId: number }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(companyId));
  if (setup.done || dismissed) return null;
  const doneCount = setup.steps.filter((s) => s.done).length;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissKey(companyId), '1');
    } catch {
      // storage unavailable: hidden for this visit only
    }
    setDismissed(true);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="setup-checklist"
      data-testid="setup-checklist"
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={3} fz={16} id="setup-checklist">
            はじめの設定
          </Title>
          <Text size="xs" c="dimmed">
            請求書の発行と帳簿づけを始める前に、次の設定をすませてください。
          </Text>
        </div>
        <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
          {doneCount}/{setup.steps.length} 完了
        </Badge>
      </Group>
      <Progress value={(doneCount / setup.steps.length) * 100} size="sm" mb="sm" aria-hidden />
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {setup.steps.map((step) => {
          const spec = SETUP_STEPS[step.key];
          return (
            <Group
              key={step.key}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="setup-step"
              data-done={step.done}
            >
              <ThemeIcon
                size={22}
                radius="xl"
                variant={step.done ? 'filled' : 'light'}
                color={step.done ? 'teal' : 'gray'}
                aria-label={step.done ? '完了' : '未完了'}
              >
                {step.done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
              </ThemeIcon>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text
                  size="sm"
                  fw={600}
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  {spec.label}
                </Text>
                {!step.done && (
                  <Text size="xs" c="dimmed">
                    {spec.hint}
                  </Text>
                )}
              </div>
              {!step.done && (
                <Anchor
                  component={Link}
                  to={spec.to}
                  size="sm"
                  style={{ whiteSpace: 'nowrap' }}
                  aria-label={`${spec.label}を設定する`}
                >
                  設定する
                </Anchor>
              )}
            </Group>
          );
        })}
      </Stack>
      <Group justify="flex-end" mt="sm">
        <Button variant="subtle" size="xs" color="gray" onClick={dismiss}>
          今は表示しない
        </Button>
      </Group>
    </Paper>
  );
}
