import { SystemCompanyPage } from '../admin-shared/SystemCompanyPage';
import { CustomerList } from './CustomerList';

/** /system/companies/{id}/customers — an administrator's read-only view of one company's customers. */
export default function SystemCompanyCustomersPage() {
  return (
    <SystemCompanyPage title="顧客一覧（企業）" noun="顧客">
      {(companyId) => <CustomerList companyId={companyId} readOnly />}
    </SystemCompanyPage>
  );
}
