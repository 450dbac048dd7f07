import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from './limits';

/** The toasts' container (its own chunk in the app: see ShellProviders). */
export default function Toasts() {
  return <Notifications position="bottom-left" limit={TOAST_LIMIT} zIndex={3000} />;
}
