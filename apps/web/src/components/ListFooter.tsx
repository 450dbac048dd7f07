import type { PageMeta } from '@chobo/core';
import { formatNumber } from '@chobo/core';
import { Group, Pagination, Text } from '@mantine/core';

/** '全N件中 X〜Y件'. */
export function rangeLabel(meta: Pick<PageMeta, 'total' | 'from' | 'to'>): string {
  if (!meta.total || meta.from === null || meta.to === null) return '全0件';
  return `全${formatNumber(meta.total)}件中 ${formatNumber(meta.from)}〜${formatNumber(meta.to)}件`;
}

export function ListFooter({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between" px="md" py="sm">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {rangeLabel(meta)}
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          withEdges
          getControlProps={(control) => ({
            'aria-label':
              control === 'first'
                ? '最初のページ'
                : control === 'last'
                  ? '最後のページ'
                  : control === 'next'
                    ? '次のページ'
                    : '前のページ',
          })}
          getItemProps={(page) => ({ 'aria-label': `${page}ページ目` })}
        />
      )}
    </Group>
  );
}
