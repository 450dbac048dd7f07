import { ModalsProvider } from '@mantine/modals';
import { createContext, type ReactNode, useContext } from 'react';

const Inside = createContext(false);

/**
 * Confirm dialogs (`modals.openConfirmModal`): only signed-in pages use them, so the provider lives in the
 * signed-in shell's chunk (MainLayout), not in the first chunk the sign-in page loads. Nested layers (tests
 * render pages inside AppProviders, which has one too) keep the outer provider: two would open every dialog
 * twice.
 */
export function ModalsLayer({ children }: { children: ReactNode }) {
  if (useContext(Inside)) return <>{children}</>;
  return (
    <Inside.Provider value={true}>
      <ModalsProvider labels={{ confirm: 'OK', cancel: 'キャンセル' }}>{children}</ModalsProvider>
    </Inside.Provider>
  );
}
