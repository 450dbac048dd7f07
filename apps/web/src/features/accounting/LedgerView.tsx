import { Tabs } from '@mantine/core';
import { useBookParams } from './book-params';
import { LedgerPanel } from './LedgerPanel';
import { TrialBalancePanel } from './TrialBalancePanel';

export { ledgerHref } from './book-params';
export { LEDGER_ACCOUNT_KEY } from './LedgerPanel';
export { isContra } from './TrialBalancePanel';

/**
 * 総勘定元帳 and 残高試算表 of /company/accountings (and the administrator's read-only view with
 * `companyId`). Account, period, page and tab live in the URL.
 */
export function BooksView({ companyId, basePath }: { companyId?: number; basePath: string }) {
  const p = useBookParams();
  return (
    <Tabs value={p.tab} onChange={(tab) => p.update({ tab: tab ?? 'ledger', page: null })} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="ledger">総勘定元帳</Tabs.Tab>
        <Tabs.Tab value="trial">残高試算表</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="ledger">
        <LedgerPanel companyId={companyId} params={p} readOnly={companyId !== undefined} />
      </Tabs.Panel>
      <Tabs.Panel value="trial">
        <TrialBalancePanel companyId={companyId} params={p} basePath={basePath} />
      </Tabs.Panel>
    </Tabs>
  );
}
