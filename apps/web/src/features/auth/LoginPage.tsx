import { EMAIL_PATTERN, type LoginInput } from '@chobo/core';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { homePathFor, isAdmin, startSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { login } from './api';

type Field = keyof LoginInput;

// as hasNoControlChars of @chobo/core (whose module brings zod with it)
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
type Errors = Partial<Record<Field | 'root', string>>;

/**
 * The checks of the login contract (`loginInput` in @chobo/core; the server applies it again), written out
 * here so the first page anyone opens does not load zod and react-hook-form (docs/benchmarks.md, issue 16).
 */
export function checkLogin(values: LoginInput): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'メールアドレスを入力してください';
  else if (email.length > 254) errors.email = 'メールアドレスは254文字以内で入力してください';
  else if (!EMAIL_PATTERN.test(email) || CONTROL_CHARS.test(email))
    errors.email = 'メールアドレスの形式が正しくありません';
  if (!values.password) errors.password = 'パスワードを入力してください';
  else if (values.password.length > 128) errors.password = 'パスワードは128文字以内で入力してください';
  return errors;
}

/**
 * What was typed into the sign-in page's static markup (login-shell.html, shown before the JavaScript has
 * loaded) — read on the first render, before React replaces that markup.
 */
function shellValues(): LoginInput {
  const field = (name: string) =>
    document.querySelector<HTMLInputElement>(`[data-login-shell] input[name="${name}"]`)?.value ?? '';
  return { email: field('email'), password: field('password') };
}

/** The static markup's field that had the focus, if it was the password (the page focuses the e-mail). */
function shellFocusedPassword(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLInputElement && active.name === 'password' && Boolean(active.closest('[data-login-shell]'))
  );
}

/** Only same-app paths are followed after sign-in. */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return null;
  return target;
}

/** /login, /company/login and /employee/login: the same screen, a different heading. */
export default function LoginPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const employee = pathname.startsWith('/employee');
  const [values, setValues] = useState<LoginInput>(shellValues);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [focusPassword] = useState(shellFocusedPassword);
  useEffect(() => {
    if (focusPassword) refs.password.current?.focus();
  }, [focusPassword, refs.password]);

  const change = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    // a field's message goes once it is edited (as react-hook-form did after a submit)
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** Shows `found`; the first field with a message gets the focus. */
  const show = (found: Errors) => {
    setErrors(found);
    const first = (['email', 'password'] as const).find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = checkLogin(values);
    if (found.email || found.password) return show(found);
    setErrors({});
    setSubmitting(true);
    try {
      const res = await login({ email: values.email.trim(), password: values.password });
      const me = await startSession(res.data.token, res.data.token_expires);
      const target = safeRedirect(params.get('redirect'));
      const fitsRole = target !== null && isAdmin(me) === target.startsWith('/system');
      navigate(fitsRole ? target : homePathFor(me), { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 422) {
        // the server's field messages under their fields, any other under the form
        const next: Errors = {};
        const stray: string[] = [];
        for (const [key, messages] of Object.entries(error.errors ?? {})) {
          if (!messages?.length) continue;
          if (key === 'email' || key === 'password') next[key] = messages.join(' ');
          else stray.push(...messages);
        }
        if (stray.length || (!next.email && !next.password)) next.root = stray.join(' ') || error.message;
        return show(next);
      }
      if (error instanceof ApiError) {
        const wait =
          error.status === 429 && error.retryAfter
            ? `（約${Math.ceil(error.retryAfter / 60)}分後に再度お試しください）`
            : '';
        return show({ root: `${error.message}${wait}` });
      }
      notifyError(error instanceof Error ? error.message : 'エラーが発生しました。');
    }
  };

  return (
    <AuthCard
      title={employee ? '従業員ログイン' : '管理者・企業ログイン'}
      description="メールアドレスとパスワードを入力してください"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {errors.root && (
            <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors.root}
            </Alert>
          )}
          <TextInput
            label="メールアドレス"
            type="email"
            autoComplete="username"
            autoFocus
            required
            placeholder="you@example.com"
            error={errors.email}
            ref={refs.email}
            name="email"
            value={values.email}
            onChange={change('email')}
          />
          <PasswordInput
            label="パスワード"
            autoComplete="current-password"
            required
            error={errors.password}
            ref={refs.password}
            name="password"
            value={values.password}
            onChange={change('password')}
          />
          <Button type="submit" fullWidth loading={isSubmitting} size="md">
            ログイン
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/password-forget" size="sm">
              パスワードをお忘れの方
            </Anchor>
            <Anchor component={Link} to={employee ? '/login' : '/employee/login'} size="sm" c="dimmed">
              {employee ? '管理者・企業の方はこちら' : '従業員の方はこちら'}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
