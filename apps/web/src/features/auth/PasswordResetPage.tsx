import { newPasswordFields } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { AuthCard } from './AuthCard';
import { resetPassword } from './api';

type Values = z.input<typeof newPasswordFields>;

/** /password-reset?token=…&email=…: new password + confirmation → POST /api/password/reset → /login. */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordFields),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword({ token, email, ...values });
      notifySuccess('パスワードを再設定しました。新しいパスワードでログインしてください。');
      navigate('/login', { replace: true });
    } catch (error) {
      handleFormError(form, error, ['password', 'password_confirmation']);
    }
  });

  if (!token || !email) {
    return (
      <AuthCard title="パスワードの再設定">
        <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />}>
          再設定用のリンクが正しくありません。お手数ですが、もう一度再設定メールを送信してください。
        </Alert>
        <Anchor component={Link} to="/password-forget" ta="center">
          再設定メールを送信する
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="新しいパスワードの設定" description={<Text span>{email}</Text>}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {errors.root?.server?.message && (
            <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors.root.server.message}
            </Alert>
          )}
          <PasswordInput
            label="新しいパスワード"
            description="8文字以上で入力してください"
            autoComplete="new-password"
            autoFocus
            required
            {...fieldProps(form, 'password')}
          />
          <PasswordInput
            label="新しいパスワード（確認）"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'password_confirmation')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            パスワードを再設定
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            ログイン画面に戻る
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
