import { SystemCompanyPage } from '../admin-shared/SystemCompanyPage';
import { DocumentList } from './DocumentList';

/** /system/companies/{id}/transaction-documents — an administrator's read-only view of one company's documents. */
export default function SystemCompanyTransactionDocumentsPage() {
  return (
    <SystemCompanyPage title="発注取引一覧（企業）" noun="発注取引">
      {(companyId) => <DocumentList companyId={companyId} readOnly />}
    </SystemCompanyPage>
  );
}
