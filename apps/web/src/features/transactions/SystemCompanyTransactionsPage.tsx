import { SystemCompanyPage } from '../admin-shared/SystemCompanyPage';
import { TransactionList } from './TransactionList';

/** /system/companies/{id}/transactions — an administrator's read-only view of one company's sales. */
export default function SystemCompanyTransactionsPage() {
  return (
    <SystemCompanyPage title="受注取引一覧（企業）" noun="受注取引">
      {(companyId) => <TransactionList companyId={companyId} readOnly />}
    </SystemCompanyPage>
  );
}
