import { RegisterForm } from './RegisterForm';

/** /register_admin — accepting an administrator invitation. */
export default function RegisterAdminPage() {
  return <RegisterForm type="admin" />;
}
