import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { apiTokens, loginAttempts, passwordResets, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, Ctx } from '../../lib/context.js';
import { tooManyRequests, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { hashPassword, hashToken, newToken } from '../../lib/secrets.js';

export const RESET_TTL_MINUTES = 60;
const FORGOT_PER_IP = 10;

/**
 * Mails a reset link when the account exists; answers the same either way (no account enumeration).
 */
export async function requestPasswordReset({
  ctx,
  input,
}: ActionArgs<Ctx, { email: string; ip: string }>): Promise<void> {
  const { db } = ctx;
  const { env } = ctx.deps;
  const email = input.email.toLowerCase();
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, input.ip),
        eq(loginAttempts.kind, 'forgot'),
        gt(loginAttempts.created_at, sql`now() - interval '15 minutes'`),
      ),
    );
  if (recent.n >= FORGOT_PER_IP) {
    throw tooManyRequests(15 * 60, '再設定メールの送信回数が多すぎます。しばらくしてから再度お試しください');
  }
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ email, ip: input.ip, kind: 'forgot', succeeded: true });
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, companyId: users.company_id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), isNull(users.disabled_at)))
      .limit(1);
    if (!user) return;
    const token = newToken();
    await tx.insert(passwordResets).values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(mins => ${RESET_TTL_MINUTES})`,
    });
    const link = `${env.APP_URL}/password-reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
    await queueMail(tx, {
      to: user.email,
      subject: '【Chobo】パスワード再設定のご案内',
      body: [
        `${user.name} 様`,
        '',
        'Chobo（帳簿）のパスワード再設定のリクエストを受け付けました。',
        `下のリンクから${RESET_TTL_MINUTES}分以内に新しいパスワードを設定してください。リンクは一度だけ使えます。`,
        '',
        link,
        '',
        'このメールに心当たりがない場合は、何もせずに破棄してください。パスワードは変更されません。',
        '',
        '――',
        'Chobo（帳簿）',
      ].join('\n'),
    });
    await audit(tx, {
      actor: { userId: null, ip: input.ip },
      companyId: user.companyId,
      action: 'auth.password_reset_requested',
      targetType: 'user',
      targetId: user.id,
    });
  });
  ctx.deps.mailer.kick();
}

const INVALID_LINK = 'パスワード再設定リンクが無効か、有効期限が切れています。もう一度お手続きください';

/** Sets a new password with a mailed token: single use, 60 minutes, signs out every session. */
export async function resetPassword({
  ctx,
  input,
}: ActionArgs<Ctx, { token: string; email: string; password: string; ip: string }>): Promise<void> {
  const { db } = ctx;
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .select({ id: passwordResets.id, userId: users.id, email: users.email, companyId: users.company_id })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(
        and(
          eq(passwordResets.token_hash, hashToken(input.token)),
          isNull(passwordResets.used_at),
          gt(passwordResets.expires_at, sql`now()`),
          isNull(users.disabled_at),
        ),
      )
      .limit(1)
      .for('update');
    if (!reset || reset.email.toLowerCase() !== input.email.toLowerCase()) {
      throw unprocessable({ token: [INVALID_LINK] }, INVALID_LINK);
    }
    if (input.password.toLowerCase() === reset.email.toLowerCase()) {
      throw unprocessable({ password: ['メールアドレスと同じパスワードは使用できません'] });
    }
    await tx.update(passwordResets).set({ used_at: sql`now()` }).where(eq(passwordResets.user_id, reset.userId));
    await tx
      .update(users)
      .set({ password_hash: passwordHash, locked_until: null, updated_at: sql`now()` })
      .where(eq(users.id, reset.userId));
    await tx
      .update(apiTokens)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(apiTokens.user_id, reset.userId), isNull(apiTokens.revoked_at)));
    await audit(tx, {
      actor: { userId: reset.userId, ip: input.ip },
      companyId: reset.companyId,
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: reset.userId,
    });
  });
}
