import {
  type InvitationKind,
  type InvitationLookup,
  type RegisterFormInput,
  type RegisterInput,
  registerFormInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { homePathFor, startSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { register, useInvitationLookup } from './api';

export const INVITATION_GONE = '招待が見つからないか、有効期限が切れています';

const FIELDS = ['name', 'password', 'password_confirmation'] as const;

/**
 * /register (company invitation) and /register_admin (admin invitation): looks the invitation up, then
 * POST /api/register[-admin] { token, name, password, password_confirmation } → signed in → home.
 */
export function RegisterForm({ type }: { type: InvitationKind }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const invitation = useInvitationLookup<InvitationLookup>(token);
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormInput),
    defaultValues: { name: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const invitedName = invitation.data?.data.name;
  useEffect(() => {
    if (invitedName) form.setValue('name', invitedName);
  }, [invitedName, form]);
  const title = type === 'admin' ? '管理者アカウントの登録' : '企業アカウントの登録';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await register(type === 'admin' ? 'admin' : 'company', { token, ...values } satisfies RegisterInput);
      const me = await startSession(res.data.token, res.data.token_expires);
      notifySuccess('アカウントを登録しました。');
      navigate(homePathFor(me), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        form.setError('root.server', { type: 'server', message: INVITATION_GONE });
        return;
      }
      handleFormError(form, error, FIELDS);
    }
  });

  if (!token) return <Gone title={title} />;
  if (invitation.isPending) {
    return (
      <AuthCard title={title}>
        <Stack align="center">
          <Loader />
        </Stack>
      </AuthCard>
    );
  }
  if (invitation.isError) {
    const status = invitation.error instanceof ApiError ? invitation.error.status : 0;
    if (status === 404 || status === 410) return <Gone title={title} />;
    return (
      <AuthCard title={title}>
        <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />}>
          {invitation.error.message}
        </Alert>
      </AuthCard>
    );
  }
  const data = invitation.data.data;
  if (data.type !== type) {
    const other = data.type === 'admin' ? '/register_admin' : '/register';
    return <Navigate to={`${other}?token=${encodeURIComponent(token)}`} replace />;
  }

  return (
    <AuthCard
      title={title}
      description={data.company_name ? `${data.company_name} の利用を開始します` : 'アカウント情報を入力してください'}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {errors.root?.server?.message && (
            <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors.root.server.message}
            </Alert>
          )}
          <TextInput label="メールアドレス" value={data.email} readOnly variant="filled" />
          <TextInput label="氏名" autoFocus required autoComplete="name" {...fieldProps(form, 'name')} />
          <PasswordInput
            label="パスワード"
            description="8文字以上で入力してください"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'password')}
          />
          <PasswordInput
            label="パスワード（確認）"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'password_confirmation')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            登録してはじめる
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

function Gone({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <Alert color="warning" variant="light" icon={<IconAlertCircle size={18} />}>
        {INVITATION_GONE}
      </Alert>
      <Text size="sm" c="dimmed">
        招待メールの送信者に、招待の再送を依頼してください。
      </Text>
      <Anchor component={Link} to="/login" ta="center">
        ログイン画面へ
      </Anchor>
    </AuthCard>
  );
}
