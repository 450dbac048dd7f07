import { z } from 'zod';
import { ADMIN_PERMISSIONS } from '../permissions.js';
import { emailField } from './auth.js';
import { listQuery, requiredText } from './common.js';

export const adminPermissionsField = z
  .array(z.enum(ADMIN_PERMISSIONS, { error: '権限が正しくありません' }), { error: '権限を選択してください' })
  .transform((v) => [...new Set(v)]);

export const adminUpdateInput = z.object({
  name: requiredText('氏名', 100),
  email: emailField,
  permissions: adminPermissionsField,
  disabled: z.boolean({ error: '利用停止の指定が正しくありません' }).default(false),
});
export type AdminUpdateInput = z.input<typeof adminUpdateInput>;
export type AdminUpdateValues = z.output<typeof adminUpdateInput>;

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  permissions: string[];
  disabled: boolean;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export const ADMIN_SORTABLE = ['id', 'name', 'email', 'last_login_at', 'created_at'] as const;
export const adminListQuery = listQuery(ADMIN_SORTABLE, { defaultSort: 'id', defaultDir: 'asc' });
export type AdminListQuery = z.infer<typeof adminListQuery>;
