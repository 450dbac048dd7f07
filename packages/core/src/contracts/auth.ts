import { z } from 'zod';
import { EMAIL_PATTERN } from '../validators.js';
import { hasNoControlChars, tokenField } from './common.js';

export const emailField = z
  .string({ error: 'メールアドレスを入力してください' })
  .trim()
  .min(1, { message: 'メールアドレスを入力してください', abort: true })
  .max(254, 'メールアドレスは254文字以内で入力してください')
  .regex(EMAIL_PATTERN, 'メールアドレスの形式が正しくありません')
  .refine(hasNoControlChars, 'メールアドレスの形式が正しくありません');

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: 'パスワードを入力してください' }).min(1, 'パスワードを入力してください').max(128),
});
export type LoginInput = z.infer<typeof loginInput>;

/** A short list of passwords nobody may choose. */
export const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  'abc12345',
  'abcd1234',
  '11111111',
  '00000000',
  'passw0rd',
  'p@ssw0rd',
  'letmein1',
  'welcome1',
  'admin123',
  'administrator',
  'changeme',
  'sunshine',
  'football',
  'baseball',
  'princess',
]);

export const newPasswordFields = z
  .object({
    password: z
      .string({ error: 'パスワードを入力してください' })
      .min(8, 'パスワードは8文字以上で入力してください')
      .max(128, 'パスワードは128文字以内で入力してください')
      .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), 'よく使われるパスワードは使用できません'),
    password_confirmation: z.string({ error: '確認用パスワードを入力してください' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: '確認用パスワードが一致しません。',
  });

export const forgotPasswordInput = z.object({ email: emailField });

export const resetPasswordInput = z.intersection(z.object({ token: tokenField, email: emailField }), newPasswordFields);

export interface TokenData {
  token: string;
  token_expires: number;
}

export interface MeDomain {
  id: number;
  name: string;
  logo_url: string | null;
  roles: string[];
  permissions: string[];
}

export interface Me {
  user_id: number;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
  expiration_year: number | null;
  max_employee: number | null;
  logo_data: string | null;
  company: { id: number; name: string } | null;
  domain: MeDomain | null;
}
