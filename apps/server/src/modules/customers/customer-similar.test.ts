import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';

/** Issue 33: a customer whose name or 登録番号 already exists is warned about (never refused). */
const ctx = useTestApp();
const URL = '/api/company/customer';

describe('GET /api/company/customer/similar', () => {
  it('finds the same name (legal form, width and spaces aside) and the same 登録番号; creating stays allowed', async () => {
    const o = await companyOwner(ctx);
    const a = await newCustomer(o.api, { name: '株式会社 山田商店', registration_number: 'T7000012050002' });
    await newCustomer(o.api, { name: '田中工業' });
    const similar = async (q: string) => (await o.api.get(`${URL}/similar?${q}`)).json().data;

    expect(await similar(`name=${encodeURIComponent('㈱山田商店')}`)).toEqual([
      { id: a.id, name: '株式会社 山田商店', registration_number: 'T7000012050002', matched_by: 'name' },
    ]);
    expect(
      await similar(
        `name=${encodeURIComponent('山田商事')}&registration_number=${encodeURIComponent('Ｔ７００００１２０５０００２')}`,
      ),
    ).toEqual([
      { id: a.id, name: '株式会社 山田商店', registration_number: 'T7000012050002', matched_by: 'registration_number' },
    ]);
    expect(await similar(`name=${encodeURIComponent('山田')}`)).toEqual([]);
    expect(await similar('name=')).toEqual([]);
    // the customer being edited is not its own duplicate
    expect(await similar(`name=${encodeURIComponent('山田商店')}&exclude_id=${a.id}`)).toEqual([]);

    // a warning only: the same name and number are still registered
    const again = await o.api.post(URL, { name: '山田商店', registration_number: 'T7000012050002' });
    expect(again.statusCode).toBe(201);
  });

  it('reads only the caller’s company', async () => {
    const one = await companyOwner(ctx);
    const two = await companyOwner(ctx);
    await newCustomer(one.api, { name: '株式会社よその会社' });
    expect((await two.api.get(`${URL}/similar?name=${encodeURIComponent('よその会社')}`)).json().data).toEqual([]);
  });
});
