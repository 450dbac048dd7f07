import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { createRoutes } from './routes';

/** The app's router (history mode); the API client and logout navigate through it. */
export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  setNavigator((to, opts) => router.navigate(to, opts));
  return router;
}
