import { idParams } from '@chobo/core';
import type { RouteAccess } from '../../../plugins/auth.js';

/** What every bank-statement route shares: access, OpenAPI tag, the :id parameter. */

/** Company users and employees with bank_statement.index (SPEC §2). */
export const config = {
  access: { roles: ['company', 'employee'], permission: 'bank_statement.index' } satisfies RouteAccess,
};
export const tags = ['bank-statements'];
export { idParams };
