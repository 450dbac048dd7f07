import { RegisterForm } from './RegisterForm';

/** /register — accepting a company invitation. */
export default function RegisterPage() {
  return <RegisterForm type="company" />;
}
