import type { Client } from './harness.js';

/** A customer or supplier created through `POST /api/company/customer` with exactly `fields`: its `data`. */
// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, as `res.json()` gives it
export async function newCustomer(api: Client, fields: Record<string, unknown>): Promise<any> {
  return (await api.post('/api/company/customer', fields)).json().data;
}
