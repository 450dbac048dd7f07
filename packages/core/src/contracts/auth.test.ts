import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  emailField,
  forgotPasswordInput,
  loginInput,
  newPasswordFields,
  resetPasswordInput,
} from './auth.js';
import { fieldErrors } from './common.js';

function errorsOf(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(r.success).toBe(false);
  return fieldErrors(r.error!.issues);
}

describe('emailField', () => {
  it('trims and accepts an address per docs/product/SPEC.md §5', () => {
    expect(emailField.parse('  user@example.co.jp ')).toBe('user@example.co.jp');
    expect(emailField.parse('a@b.com')).toBe('a@b.com');
  });

  it('rejects a missing, empty, malformed or too long address', () => {
    expect(emailField.safeParse(undefined).error?.issues[0]?.message).toBe('メールアドレスを入力してください');
    expect(emailField.safeParse('').error?.issues[0]?.message).toBe('メールアドレスを入力してください');
    expect(emailField.safeParse('   ').error?.issues[0]?.message).toBe('メールアドレスを入力してください');
    expect(emailField.safeParse('a@b.info').error?.issues[0]?.message).toBe('メールアドレスの形式が正しくありません');
    expect(emailField.safeParse('a b@c.jp').error?.issues[0]?.message).toBe('メールアドレスの形式が正しくありません');
    const long = `${'a'.repeat(250)}@b.jp`; // 255 characters
    expect(emailField.safeParse(long).error?.issues.map((i) => i.message)).toContain(
      'メールアドレスは254文字以内で入力してください',
    );
    expect(emailField.safeParse(`${'a'.repeat(249)}@b.jp`).success).toBe(true);
  });
});

describe('loginInput', () => {
  it('accepts an e-mail address and any non-empty password', () => {
    expect(loginInput.parse({ email: ' user@example.jp ', password: 'x' })).toEqual({
      email: 'user@example.jp',
      password: 'x',
    });
  });

  it('does not trim the password', () => {
    expect(loginInput.parse({ email: 'a@b.jp', password: ' secret ' }).password).toBe(' secret ');
  });

  it('requires both fields with Japanese messages', () => {
    expect(errorsOf(loginInput.safeParse({}))).toEqual({
      email: ['メールアドレスを入力してください'],
      password: ['パスワードを入力してください'],
    });
    // An empty address also fails the format check, so the "required" message comes first.
    const empty = errorsOf(loginInput.safeParse({ email: '', password: '' }));
    expect(empty.email?.[0]).toBe('メールアドレスを入力してください');
    expect(empty.password).toEqual(['パスワードを入力してください']);
  });

  it('rejects a malformed address and an over-long password', () => {
    expect(errorsOf(loginInput.safeParse({ email: 'a@b', password: 'x' }))).toEqual({
      email: ['メールアドレスの形式が正しくありません'],
    });
    expect(loginInput.safeParse({ email: 'a@b.jp', password: 'x'.repeat(129) }).success).toBe(false);
    expect(loginInput.safeParse({ email: 'a@b.jp', password: 'x'.repeat(128) }).success).toBe(true);
  });
});

describe('newPasswordFields', () => {
  it('accepts a long-enough, uncommon password confirmed exactly', () => {
    expect(newPasswordFields.parse({ password: 'correct-horse', password_confirmation: 'correct-horse' })).toEqual({
      password: 'correct-horse',
      password_confirmation: 'correct-horse',
    });
    expect(newPasswordFields.safeParse({ password: 'abcdefgh', password_confirmation: 'abcdefgh' }).success).toBe(true);
  });

  it('rejects fewer than 8 characters', () => {
    expect(errorsOf(newPasswordFields.safeParse({ password: 'abcdefg', password_confirmation: 'abcdefg' }))).toEqual({
      password: ['パスワードは8文字以上で入力してください'],
    });
  });

  it('rejects more than 128 characters', () => {
    const p = 'x'.repeat(129);
    expect(errorsOf(newPasswordFields.safeParse({ password: p, password_confirmation: p }))).toEqual({
      password: ['パスワードは128文字以内で入力してください'],
    });
  });

  it('rejects common passwords regardless of case', () => {
    expect(COMMON_PASSWORDS.has('password')).toBe(true);
    for (const p of ['password', 'PASSWORD', 'Password123', 'P@ssw0rd', '12345678', 'qwerty123']) {
      expect(errorsOf(newPasswordFields.safeParse({ password: p, password_confirmation: p }))).toEqual({
        password: ['よく使われるパスワードは使用できません'],
      });
    }
  });

  it("reports a mismatch under password_confirmation with '確認用パスワードが一致しません。'", () => {
    expect(
      errorsOf(newPasswordFields.safeParse({ password: 'correct-horse', password_confirmation: 'correct-hors' })),
    ).toEqual({ password_confirmation: ['確認用パスワードが一致しません。'] });
    expect(
      errorsOf(newPasswordFields.safeParse({ password: 'correct-horse', password_confirmation: 'Correct-horse' })),
    ).toEqual({ password_confirmation: ['確認用パスワードが一致しません。'] });
  });

  it('requires the confirmation', () => {
    expect(errorsOf(newPasswordFields.safeParse({ password: 'correct-horse' }))).toEqual({
      password_confirmation: ['確認用パスワードを入力してください'],
    });
  });

  it('reports a short password even when the confirmation also differs', () => {
    const errors = errorsOf(newPasswordFields.safeParse({ password: 'short', password_confirmation: 'x' }));
    expect(errors.password).toEqual(['パスワードは8文字以上で入力してください']);
  });
});

describe('forgotPasswordInput / resetPasswordInput', () => {
  it('forgot: needs a valid e-mail address', () => {
    expect(forgotPasswordInput.parse({ email: ' a@b.jp ' })).toEqual({ email: 'a@b.jp' });
    expect(errorsOf(forgotPasswordInput.safeParse({ email: 'a@b.info' }))).toEqual({
      email: ['メールアドレスの形式が正しくありません'],
    });
  });

  it('reset: combines token, e-mail and the new-password rules', () => {
    expect(
      resetPasswordInput.parse({
        token: 'tok',
        email: ' a@b.jp ',
        password: 'correct-horse',
        password_confirmation: 'correct-horse',
      }),
    ).toEqual({ token: 'tok', email: 'a@b.jp', password: 'correct-horse', password_confirmation: 'correct-horse' });

    expect(
      errorsOf(
        resetPasswordInput.safeParse({
          token: '',
          email: 'a@b.jp',
          password: 'correct-horse',
          password_confirmation: 'other-horse',
        }),
      ),
    ).toEqual({
      token: ['トークンがありません'],
      password_confirmation: ['確認用パスワードが一致しません。'],
    });
  });
});
