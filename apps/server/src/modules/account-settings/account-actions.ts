import type { AuditAction, ChangePasswordInput } from '@chobo/core';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiTokens, companies, emailChanges, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Ctx, UserCtx } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/secrets.js';

export const EMAIL_CHANGE_TTL_HOURS = 24;

async function emailTaken(db: DbOrTx, email: string, exceptUserId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)))
    .limit(1);
  return !!row;
}

export async function changeName({ ctx, input: { name } }: ActionArgs<UserCtx, { name: string }>) {
  const { auth } = ctx;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ name: users.name }).from(users).where(eq(users.id, auth.userId)).for('update');
    await tx.update(users).set({ name, updated_at: sql`now()` }).where(eq(users.id, auth.userId));
    await audit(tx, {
      actor: ctx.actor,
      companyId: auth.companyId,
      action: 'profile.update_name',
      targetType: 'user',
      targetId: auth.userId,
      before,
      after: { name },
    });
  });
}

/** Mails a confirmation link to the new address; nothing changes until it is followed. */
export async function requestEmailChange({ ctx, input: { email } }: ActionArgs<UserCtx, { email: string }>) {
  const { auth } = ctx;
  const { db } = ctx;
  const { env } = ctx.deps;
  if (email.toLowerCase() === auth.email.toLowerCase()) {
    throw unprocessable({ email: ['現在のメールアドレスと同じです'] });
  }
  await db.transaction(async (tx) => {
    if (await emailTaken(tx, email, auth.userId)) {
      throw unprocessable({ email: ['このメールアドレスはすでに使われています'] });
    }
    // only the latest request stays valid
    await tx
      .update(emailChanges)
      .set({ used_at: sql`now()` })
      .where(and(eq(emailChanges.user_id, auth.userId), isNull(emailChanges.used_at)));
    const token = newToken();
    await tx.insert(emailChanges).values({
      user_id: auth.userId,
      new_email: email,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(hours => ${EMAIL_CHANGE_TTL_HOURS})`,
    });
    await queueMail(tx, {
      to: email,
      subject: '【Chobo】メールアドレス変更の確認',
      body: [
        `${auth.name} 様`,
        '',
        'Chobo（帳簿）のログイン用メールアドレスをこのアドレスに変更するお手続きを受け付けました。',
        `下のリンクを${EMAIL_CHANGE_TTL_HOURS}時間以内に開くと変更が完了します。開くまではこれまでのメールアドレスのままです。`,
        '',
        `${env.APP_URL}/email/confirm?token=${encodeURIComponent(token)}`,
        '',
        'このメールに心当たりがない場合は、何もせずに破棄してください。',
        '',
        '――',
        'Chobo（帳簿）',
      ].join('\n'),
    });
    // the current address learns of the request too (someone else may be using the session)
    await queueMail(tx, {
      to: auth.email,
      subject: '【Chobo】メールアドレス変更のお手続きを受け付けました',
      body: [
        `${auth.name} 様`,
        '',
        `ログイン用メールアドレスを ${email} に変更するお手続きを受け付けました。`,
        '新しいメールアドレスに届いたリンクを開くまで、変更は行われません。',
        '',
        'お心当たりがない場合は、パスワードを変更し、管理者にご連絡ください。',
        '',
        '――',
        'Chobo（帳簿）',
      ].join('\n'),
    });
    await audit(tx, {
      actor: ctx.actor,
      companyId: auth.companyId,
      action: 'profile.email_change_requested',
      targetType: 'user',
      targetId: auth.userId,
      after: { new_email: email },
    });
  });
  ctx.deps.mailer.kick();
}

const INVALID_EMAIL_LINK = 'メールアドレス変更のリンクが無効か、有効期限が切れています。もう一度お手続きください';

/** Follows the mailed link: the new address becomes the sign-in e-mail. */
export async function confirmEmailChange({
  ctx,
  input: { token },
}: ActionArgs<Ctx, { token: string }>): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .select({ id: emailChanges.id, userId: emailChanges.user_id, email: emailChanges.new_email })
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.token_hash, hashToken(token)),
          isNull(emailChanges.used_at),
          gt(emailChanges.expires_at, sql`now()`),
        ),
      )
      .limit(1)
      .for('update');
    if (!change) throw unprocessable({ token: [INVALID_EMAIL_LINK] }, INVALID_EMAIL_LINK);
    if (await emailTaken(tx, change.email, change.userId)) {
      throw unprocessable({ email: ['このメールアドレスはすでに使われています'] });
    }
    const [before] = await tx
      .select({ email: users.email, companyId: users.company_id })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    await tx.update(emailChanges).set({ used_at: sql`now()` }).where(eq(emailChanges.id, change.id));
    await tx.update(users).set({ email: change.email, updated_at: sql`now()` }).where(eq(users.id, change.userId));
    await audit(tx, {
      actor: { userId: change.userId, ip: ctx.actor.ip },
      companyId: before.companyId,
      action: 'profile.update_email',
      targetType: 'user',
      targetId: change.userId,
      before: { email: before.email },
      after: { email: change.email },
    });
    return { email: change.email };
  });
}

/** Changes the password with the current one; every OTHER session of the user is signed out. */
export async function changePassword({ ctx, input }: ActionArgs<UserCtx, ChangePasswordInput>) {
  const { auth } = ctx;
  const { db } = ctx;
  const [user] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, auth.userId));
  if (!(await verifyPassword(user.hash, input.current_password))) {
    throw unprocessable({ current_password: ['現在のパスワードが正しくありません'] });
  }
  if (input.password.toLowerCase() === auth.email.toLowerCase()) {
    throw unprocessable({ password: ['メールアドレスと同じパスワードは使用できません'] });
  }
  if (input.password === input.current_password) {
    throw unprocessable({ password: ['現在と異なるパスワードを入力してください'] });
  }
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, updated_at: sql`now()` }).where(eq(users.id, auth.userId));
    await tx
      .update(apiTokens)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(apiTokens.user_id, auth.userId), ne(apiTokens.id, auth.tokenId), isNull(apiTokens.revoked_at)));
    await audit(tx, {
      actor: ctx.actor,
      companyId: auth.companyId,
      action: 'profile.update_password',
      targetType: 'user',
      targetId: auth.userId,
    });
  });
}

type CompanySettings = Partial<
  Pick<
    typeof companies.$inferInsert,
    'tax_display' | 'tax_rounding' | 'accounting_method' | 'expiration_year' | 'logo_data'
  >
>;

/** One company setting change (tax display, retention, logo), audited. */
export async function updateCompanySettings({
  ctx,
  input: { action, values },
}: ActionArgs<CompanyCtx, { action: AuditAction; values: CompanySettings }>) {
  const { companyId } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        tax_display: companies.tax_display,
        tax_rounding: companies.tax_rounding,
        accounting_method: companies.accounting_method,
        expiration_year: companies.expiration_year,
        logo_data: companies.logo_data,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    const [after] = await tx
      .update(companies)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(companies.id, companyId))
      .returning({
        tax_display: companies.tax_display,
        tax_rounding: companies.tax_rounding,
        accounting_method: companies.accounting_method,
        expiration_year: companies.expiration_year,
        logo_data: companies.logo_data,
      });
    const short = (v: typeof before) => ({ ...v, logo_data: v.logo_data ? `${v.logo_data.slice(0, 40)}…` : null });
    await audit(tx, {
      actor: ctx.actor,
      companyId,
      action,
      targetType: 'company',
      targetId: companyId,
      before: short(before),
      after: short(after),
    });
    return after;
  });
}
