import { describe, expect, it } from 'vitest';
import { registerFormInput, registerInput } from './invitations.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registration contracts', () => {
  const form = { name: '山田 太郎', password: 'correct-horse', password_confirmation: 'correct-horse' };

  it('the form schema is the request schema without the token, with the same rules and messages', () => {
    expect(registerFormInput.safeParse(form).success).toBe(true);
    expect(registerInput.safeParse({ ...form, token: 'x'.repeat(40) }).success).toBe(true);
    expect(messages(registerInput.safeParse(form))).toEqual({ token: '招待が見つかりません' });

    const bad = { name: '', password: 'short', password_confirmation: 'other' };
    const formErrors = messages(registerFormInput.safeParse(bad));
    expect(formErrors.password).toBe('パスワードは8文字以上で入力してください');
    expect(formErrors.name).toBeTruthy();
    expect(messages(registerInput.safeParse({ ...bad, token: 'x'.repeat(40) }))).toEqual(formErrors);
  });
});
