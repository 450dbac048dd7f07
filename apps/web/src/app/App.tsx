import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { onSessionCleared } from '../lib/session';
import { ShellProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
onSessionCleared(() => queryClient.clear());

export function App() {
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <ShellProviders client={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>
  );
}
