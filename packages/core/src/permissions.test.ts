import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSION_LABELS,
  ADMIN_PERMISSIONS,
  ADMIN_ROLE_PERMISSIONS,
  COMPANY_PERMISSION_LABELS,
  COMPANY_PERMISSIONS,
  COMPANY_ROLE_PERMISSIONS,
  EMPLOYEE_ROLE_PERMISSIONS,
  effectivePermissions,
  isPermitted,
} from './permissions.js';

describe('isPermitted (docs/product/SPEC.md §5)', () => {
  describe('equality', () => {
    it('grants a permission equal to a granted one', () => {
      expect(isPermitted('customer.index', ['customer.index'])).toBe(true);
      expect(isPermitted('taxes.show', ['customer.index', 'taxes.show'])).toBe(true);
    });

    it('denies a permission that is only similar to a granted one', () => {
      expect(isPermitted('customer.index', ['customers.index'])).toBe(false);
      expect(isPermitted('customer.index', ['customer.index2'])).toBe(false);
      expect(isPermitted('customer.index', ['customer.inde'])).toBe(false);
      expect(isPermitted('customer.index', ['Customer.index'])).toBe(false);
      expect(isPermitted('customer.index', [' customer.index'])).toBe(false);
    });
  });

  describe("'.*' wildcard", () => {
    it('grants anything after the literal prefix', () => {
      const granted = ['products.*'];
      expect(isPermitted('products.index', granted)).toBe(true);
      expect(isPermitted('products.create', granted)).toBe(true);
      expect(isPermitted('products.download', granted)).toBe(true);
      expect(isPermitted('products.update.price', granted)).toBe(true);
    });

    it('grants the pattern itself and the bare prefix with a dot (the star matches empty text)', () => {
      expect(isPermitted('products.*', ['products.*'])).toBe(true);
      expect(isPermitted('products.', ['products.*'])).toBe(true);
    });

    it('does not grant the prefix without the dot', () => {
      expect(isPermitted('products', ['products.*'])).toBe(false);
    });

    it('takes dots literally', () => {
      expect(isPermitted('productsXindex', ['products.*'])).toBe(false);
      expect(isPermitted('productsindex', ['products.*'])).toBe(false);
      expect(isPermitted('a-b.c', ['aXb.*'])).toBe(false);
    });

    it('anchors the pattern at both ends', () => {
      expect(isPermitted('my-products.index', ['products.*'])).toBe(false);
      expect(isPermitted('xproducts.index', ['products.*'])).toBe(false);
      expect(isPermitted('products.index', ['products.*.show'])).toBe(false);
      expect(isPermitted('products.index.show', ['products.*.show'])).toBe(true);
      expect(isPermitted('products.index.show.x', ['products.*.show'])).toBe(false);
    });

    it('matches any text, including newlines', () => {
      expect(isPermitted('products.a\nb', ['products.*'])).toBe(true);
    });

    it('does not treat a granted permission without ".*" as a pattern', () => {
      expect(isPermitted('products.index', ['products'])).toBe(false);
      expect(isPermitted('products.index', ['products.'])).toBe(false);
      expect(isPermitted('productsX', ['products*'])).toBe(false);
      expect(isPermitted('products*', ['products*'])).toBe(true);
    });

    it('does not let a required pattern match a concrete granted permission', () => {
      expect(isPermitted('products.*', ['products.index'])).toBe(false);
    });

    it('takes regex metacharacters in granted strings literally', () => {
      expect(isPermitted('aa.x', ['a+.*'])).toBe(false);
      expect(isPermitted('a+.x', ['a+.*'])).toBe(true);
      expect(isPermitted('ab.x', ['a?b.*'])).toBe(false);
      expect(isPermitted('b.x', ['a?b.*'])).toBe(false);
      expect(isPermitted('a?b.x', ['a?b.*'])).toBe(true);
      expect(isPermitted('a.x', ['[ab].*'])).toBe(false);
      expect(isPermitted('[ab].x', ['[ab].*'])).toBe(true);
      expect(isPermitted('a.x', ['(a|b).*'])).toBe(false);
      expect(isPermitted('(a|b).x', ['(a|b).*'])).toBe(true);
      expect(isPermitted('aaa.x', ['a{3}.*'])).toBe(false);
      expect(isPermitted('a{3}.x', ['a{3}.*'])).toBe(true);
      expect(isPermitted('x.y', ['^x.*'])).toBe(false);
      expect(isPermitted('^x.y', ['^x.*'])).toBe(true);
      expect(isPermitted('a\\b.x', ['a\\b.*'])).toBe(true);
      expect(isPermitted('a$.x', ['a$.*'])).toBe(true);
    });

    it('returns the same answers on repeated calls (cached patterns)', () => {
      for (let i = 0; i < 3; i++) {
        expect(isPermitted('products.index', ['products.*'])).toBe(true);
        expect(isPermitted('products', ['products.*'])).toBe(false);
      }
    });
  });

  describe('empty required permission', () => {
    it('is always granted, even with no granted permission', () => {
      expect(isPermitted('', [])).toBe(true);
      expect(isPermitted('', ['customer.index'])).toBe(true);
    });
  });

  describe('several granted permissions', () => {
    it('grants when any one matches', () => {
      expect(isPermitted('products.index', ['customer.index', 'taxes.show', 'products.*'])).toBe(true);
      expect(isPermitted('taxes.show', ['products.*', 'taxes.show'])).toBe(true);
    });

    it('denies when none matches', () => {
      expect(isPermitted('employees.index', ['customer.index', 'taxes.show', 'products.*'])).toBe(false);
    });

    it('denies a non-empty permission when nothing is granted', () => {
      expect(isPermitted('customer.index', [])).toBe(false);
      expect(isPermitted('products.index', [])).toBe(false);
    });

    it('does not grant a non-empty permission because of an empty granted string', () => {
      expect(isPermitted('customer.index', [''])).toBe(false);
    });
  });
});

describe('effectivePermissions', () => {
  it('gives an admin its explicit admin permissions plus the account-setting permissions, without duplicates', () => {
    const perms = effectivePermissions('admin', {
      adminPermissions: ['companies.index', 'admin.index', 'profile.update-name'],
      domainPermissions: ['customer.index'],
    });
    expect(new Set(perms)).toEqual(
      new Set([
        'companies.index',
        'admin.index',
        'profile.update-name',
        'profile.update-email',
        'profile.update-password',
      ]),
    );
    expect(perms).toHaveLength(5);
    expect(perms).not.toContain('customer.index');
  });

  it('gives an admin without explicit permissions only the account-setting permissions', () => {
    expect([...effectivePermissions('admin', {})].sort()).toEqual([...ADMIN_ROLE_PERMISSIONS].sort());
  });

  it("gives a company user its domain's permissions plus the company-role permissions", () => {
    const perms = effectivePermissions('company', {
      domainPermissions: ['customer.index', 'products.*', 'taxes.show'],
      adminPermissions: ['companies.index'],
    });
    expect(new Set(perms)).toEqual(
      new Set([
        'customer.index',
        'products.*',
        'profile.update-name',
        'profile.update-email',
        'profile.update-password',
        'taxes.show',
        'data.expiration',
      ]),
    );
    expect(perms).toHaveLength(7);
    expect(perms).not.toContain('companies.index');
    expect(isPermitted('products.create', perms)).toBe(true);
    expect(isPermitted('taxes.show', perms)).toBe(true);
    expect(isPermitted('data.expiration', perms)).toBe(true);
    expect(isPermitted('employees.index', perms)).toBe(false);
  });

  it('gives a company user without a domain only the company-role permissions', () => {
    expect([...effectivePermissions('company', {})].sort()).toEqual([...COMPANY_ROLE_PERMISSIONS].sort());
  });

  it('gives an employee the fixed employee set, ignoring any domain or admin permissions', () => {
    const perms = effectivePermissions('employee', {
      domainPermissions: ['customer.index', 'products.*'],
      adminPermissions: ['companies.index'],
    });
    expect(perms).toEqual(['attendance.index', 'profile.update-name', 'profile.update-password']);
    expect(isPermitted('customer.index', perms)).toBe(false);
    expect(isPermitted('profile.update-email', perms)).toBe(false);
  });

  it('returns a fresh array (mutating it does not change later results)', () => {
    const first = effectivePermissions('employee', {});
    first.push('customer.index');
    expect(effectivePermissions('employee', {})).toEqual([...EMPLOYEE_ROLE_PERMISSIONS]);
  });
});

describe('permission catalogues', () => {
  it('labels every company and admin permission', () => {
    expect(Object.keys(COMPANY_PERMISSION_LABELS).sort()).toEqual([...COMPANY_PERMISSIONS].sort());
    expect(Object.keys(ADMIN_PERMISSION_LABELS).sort()).toEqual([...ADMIN_PERMISSIONS].sort());
  });

  it("includes the SPEC's wildcard product permission", () => {
    expect(COMPANY_PERMISSIONS).toContain('products.*');
  });
});
