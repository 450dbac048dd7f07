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

export const tokenDataDto = z.object({
  token: z.string(),
  /** Unix seconds. */
  token_expires: z.number().int(),
});
export type TokenData = z.infer<typeof tokenDataDto>;

export const meDomainDto = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type MeDomain = z.infer<typeof meDomainDto>;

export const meDto = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  expiration_year: z.number().int().nullable(),
  max_employee: z.number().int().nullable(),
  logo_data: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  domain: meDomainDto.nullable(),
});
export type Me = z.infer<typeof meDto>;
