import { Paper } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { EmptyBlock } from './EmptyBlock';
import { PageHeader } from './PageHeader';

export const COMING_SOON = 'この機能は準備中です';

/** The one page for features that come later: their title and an honest 準備中 message. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md">
        <EmptyBlock
          icon={<IconTools size={30} stroke={1.5} />}
          title={COMING_SOON}
          description="この画面は今後のリリースで利用できるようになります。"
        />
      </Paper>
    </>
  );
}

/** Route component: the title comes from the route's `handle`. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  return <ComingSoon title={handle?.title ?? ''} />;
}
