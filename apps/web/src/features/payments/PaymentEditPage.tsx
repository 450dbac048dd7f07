import { PaymentEditPage } from './PaymentFormPage';

export default PaymentEditPage;
