import { type LoginInput, loginInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { homePathFor, isAdmin, startSession } from '../../lib/session';
import { AuthCard } from './AuthCard';

const FIELDS = ['email', 'password'] as const;

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
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await api.post<{ data: { token: string; token_expires: number } }>('/api/login', values, {
        auth: false,
      });
      const me = await startSession(res.data.token, res.data.token_expires);
      const target = safeRedirect(params.get('redirect'));
      const fitsRole = target !== null && isAdmin(me) === target.startsWith('/system');
      navigate(fitsRole ? target : homePathFor(me), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) {
        const wait =
          error.status === 429 && error.retryAfter
            ? `（約${Math.ceil(error.retryAfter / 60)}分後に再度お試しください）`
            : '';
        form.setError('root.server', { type: 'server', message: `${error.message}${wait}` });
        return;
      }
      handleFormError(form, error, FIELDS);
    }
  });

  return (
    <AuthCard
      title={employee ? '従業員ログイン' : '管理者・企業ログイン'}
      description="メールアドレスとパスワードを入力してください"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {errors.root?.server?.message && (
            <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors.root.server.message}
            </Alert>
          )}
          <TextInput
            label="メールアドレス"
            type="email"
            autoComplete="username"
            autoFocus
            required
            placeholder="you@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="パスワード"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
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
