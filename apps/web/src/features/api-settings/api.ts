import { api } from '../../lib/api';

/** Answers when the API at `base` is up (GET <base>/api/health answers 200); throws otherwise. */
export function checkApiHealth(base: string) {
  return api.get('/api/health', { base, auth: false });
}
