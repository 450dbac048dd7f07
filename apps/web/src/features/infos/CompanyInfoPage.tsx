import { formatDateJa } from '@chobo/core';
import { Alert, Anchor, Badge, Group, Loader, Paper, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { fetchCompanyInfo } from './api';

/** /company/infos/{id}: one notice; opening it marks it read. */
export default function CompanyInfoPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['company-infos', 'detail', id],
    queryFn: () => fetchCompanyInfo(id),
    meta: { silent: true },
    retry: false,
  });
  useEffect(() => {
    if (query.isSuccess) void client.invalidateQueries({ queryKey: ['company-infos'], exact: true });
  }, [query.isSuccess, client]);
  const info = query.data;
  return (
    <>
      <PageHeader
        title={info?.title ?? 'お知らせ'}
        description={
          <Anchor component={Link} to="/company" size="sm">
            ホームへ戻る
          </Anchor>
        }
      />
      {query.isPending && <Loader />}
      {query.isError && <Alert color="warning">このお知らせは表示できません（掲載が終了したか、存在しません）。</Alert>}
      {info && (
        <Paper withBorder radius="md" p="lg" maw={860}>
          <Group gap="xs" mb="md">
            <Text size="sm" c="dimmed">
              {formatDateJa(info.published_at)}
            </Text>
            {info.is_important && (
              <Badge size="sm" color="danger">
                重要
              </Badge>
            )}
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{info.body}</Text>
        </Paper>
      )}
    </>
  );
}
