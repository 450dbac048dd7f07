import { COMPANY_PERMISSIONS, isValidRegistrationNumber } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import type { Database } from '../client.js';
import { companies, customers, domains, users } from '../schema/index.js';
import { seedIfEmpty } from './seed.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('seedIfEmpty', () => {
  it('creates the default domain, the admin, the demo company with owner, employee and customers', async () => {
    const result = await seedIfEmpty(database.db, {
      adminEmail: 'boss@example.com',
      adminPassword: 'admin-pass-123',
      demo: true,
      demoPassword: 'demo-pass-123',
    });
    expect(result.created).toBe(true);
    expect(result.signIns.map((s) => s.email)).toEqual([
      'boss@example.com',
      'owner@example.com',
      'employee@example.com',
    ]);

    const [domain] = await database.db.select().from(domains);
    expect(domain.is_default).toBe(true);
    expect(domain.permissions.sort()).toEqual([...COMPANY_PERMISSIONS].sort());

    const all = await database.db.select().from(users);
    expect(all.map((u) => [u.email, u.role])).toEqual([
      ['boss@example.com', 'admin'],
      ['owner@example.com', 'company'],
      ['employee@example.com', 'employee'],
    ]);
    expect(all[0].permissions).toContain('admin.index');

    const [company] = await database.db.select().from(companies);
    expect(company.name).toBe('株式会社サンプル商事');
    const list = await database.db.select().from(customers).where(eq(customers.company_id, company.id));
    expect(list.length).toBeGreaterThanOrEqual(30);
    const registered = list.filter((c) => c.registration_number);
    expect(registered.length).toBeGreaterThanOrEqual(10);
    for (const c of registered) expect(isValidRegistrationNumber(c.registration_number ?? ''), c.name).toBe(true);
    expect(new Set(list.map((c) => c.prefecture_code)).size).toBeGreaterThan(15);
  });

  it('does nothing once users exist', async () => {
    const again = await seedIfEmpty(database.db, {
      adminEmail: 'other@example.com',
      adminPassword: 'admin-pass-123',
      demo: true,
      demoPassword: 'demo-pass-123',
    });
    expect(again).toEqual({ created: false, signIns: [] });
    expect(await database.db.select().from(users)).toHaveLength(3);
  });
});
