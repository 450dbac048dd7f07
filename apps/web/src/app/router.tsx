import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { createRoutes } from './routes';

/** The app's router (history mode); the API client and logout navigate through it. */
export function createAppRouter(queryClient?: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  setNavigator((to, opts) => router.navigate(to, opts));
  return router;
}
