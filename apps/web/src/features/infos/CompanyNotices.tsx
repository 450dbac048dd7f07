import { formatDateJa } from '@chobo/core';
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { useCompanyInfos } from './api';

/** The notices section of /company: current notices, important first, unread marked. */
export function CompanyNotices() {
  const query = useCompanyInfos();
  const rows = query.data?.data ?? [];
  const unread = query.data?.meta.unread ?? 0;
  return (
    <section aria-labelledby="home-notices">
      <Group gap="xs" mb="sm">
        <Title order={3} fz={16} id="home-notices">
          お知らせ
        </Title>
        {unread > 0 && (
          <Badge size="sm" color="danger" variant="filled">
            未読 {unread}件
          </Badge>
        )}
      </Group>
      <Paper withBorder radius="md">
        {query.isSuccess && rows.length === 0 ? (
          <EmptyBlock title="現在お知らせはありません" />
        ) : (
          <Stack gap={0}>
            {rows.map((info) => (
              <UnstyledButton
                key={info.id}
                component={Link}
                to={`/company/infos/${info.id}`}
                px="md"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="company-notice"
              >
                <Group gap="sm" wrap="nowrap">
                  <Text size="xs" c="dimmed" w={110}>
                    {formatDateJa(info.published_at)}
                  </Text>
                  {info.is_important && (
                    <Badge size="xs" color="danger">
                      重要
                    </Badge>
                  )}
                  <Text size="sm" fw={info.read ? 400 : 700} style={{ flex: 1 }}>
                    {info.title}
                  </Text>
                  {!info.read && (
                    <Badge size="xs" variant="light" color="info">
                      未読
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Paper>
    </section>
  );
}
