import { forgotPasswordInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { AuthCard } from './AuthCard';
import { requestPasswordReset } from './api';

type Values = z.infer<typeof forgotPasswordInput>;

/** /password-forget: POST /api/password/forgot (always 200) → /password-forget/complete. */
export default function PasswordForgetPage() {
  const navigate = useNavigate();
  const form = useForm<Values>({ resolver: zodResolver(forgotPasswordInput), defaultValues: { email: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
      navigate('/password-forget/complete');
    } catch (error) {
      handleFormError(form, error, ['email']);
    }
  });
  return (
    <AuthCard
      title="パスワードの再設定"
      description="ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="メールアドレス"
            type="email"
            autoComplete="email"
            autoFocus
            required
            {...fieldProps(form, 'email')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            再設定メールを送信
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            ログイン画面に戻る
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
