import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { companies, employees, loginAttempts, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, Ctx } from '../../lib/context.js';
import { HttpError, tooManyRequests, unprocessable } from '../../lib/http-errors.js';
import { pastLeaveDate, pastLeaveDateMessage } from '../../lib/leave-date.js';
import { verifyPassword } from '../../lib/secrets.js';
import { loginLimitsNow, tokenTtlSeconds } from '../../lib/settings.js';
import { type IssuedToken, issueToken } from '../../plugins/auth.js';

const BAD_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません';
/** The lock message names the time left (the lock length is a platform setting). */
const locked = (secondsLeft: number) =>
  `ログインに続けて失敗したため、アカウントを一時的にロックしました。${Math.max(1, Math.ceil(secondsLeft / 60))}分ほど待ってから再度お試しください`;

/**
 * Signs a user in. One generic message for every failure; 10 failures in 15 minutes lock the account
 * for 15 minutes; an IP address sending too many attempts gets 429 with Retry-After. The counters live
 * in the database, so they hold across server processes.
 */
export async function login({
  ctx,
  input,
}: ActionArgs<Ctx, { email: string; password: string; ip: string; userAgent?: string }>): Promise<IssuedToken> {
  const { db } = ctx;
  const limits = await loginLimitsNow(ctx.deps);
  const email = input.email.toLowerCase();
  const since = sql`now() - make_interval(secs => ${limits.windowSeconds})`;

  const [ipRow] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date>`min(${loginAttempts.created_at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, input.ip), eq(loginAttempts.kind, 'login'), gt(loginAttempts.created_at, since)));
  if (ipRow.n >= limits.ipAttempts) {
    const retry = new Date(ipRow.oldest).getTime() + limits.windowSeconds * 1000 - Date.now();
    throw tooManyRequests(retry / 1000, 'ログインの試行回数が多すぎます。しばらくしてから再度お試しください');
  }

  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.password_hash,
      disabledAt: users.disabled_at,
      lockedUntil: users.locked_until,
      companyId: users.company_id,
      companyStatus: companies.status,
      leaveDate: employees.leave_date,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(employees, and(eq(employees.user_id, users.id), isNull(employees.deleted_at)))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);

  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await db.insert(loginAttempts).values({ email, ip: input.ip, succeeded: false });
    const left = (user.lockedUntil.getTime() - Date.now()) / 1000;
    throw tooManyRequests(left, locked(left));
  }

  const ok = (await verifyPassword(user?.passwordHash, input.password)) && user && !user.disabledAt;
  if (!ok || !user) {
    await db.transaction(async (tx) => {
      await tx.insert(loginAttempts).values({ email, ip: input.ip, succeeded: false });
      if (!user) return;
      // Failures since the later of the window start and the last success (or the last lock).
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(
          and(
            eq(sql`lower(${loginAttempts.email})`, email),
            eq(loginAttempts.succeeded, false),
            gt(loginAttempts.created_at, since),
            sql`${loginAttempts.created_at} > coalesce((select max(la.created_at) from login_attempts la where lower(la.email) = ${email} and la.succeeded), '-infinity')`,
            sql`${loginAttempts.created_at} > coalesce(${user.lockedUntil?.toISOString() ?? null}::timestamptz, '-infinity')`,
          ),
        );
      if (row.n >= limits.accountFailures) {
        await tx
          .update(users)
          .set({ locked_until: sql`now() + make_interval(secs => ${limits.lockSeconds})` })
          .where(eq(users.id, user.id));
        await audit(tx, {
          actor: { userId: null, ip: input.ip },
          companyId: user.companyId,
          action: 'auth.locked',
          targetType: 'user',
          targetId: user.id,
        });
      }
    });
    throw unprocessable({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
  }

  if (user.companyStatus === 'suspended') {
    throw new HttpError(403, '企業のアカウントが停止されているためログインできません。運営会社にお問い合わせください');
  }
  if (pastLeaveDate(user.leaveDate)) throw new HttpError(403, pastLeaveDateMessage(user.leaveDate, 'ログイン'));

  // read before the transaction (PGlite has a single connection, held by the transaction)
  const ttl = await tokenTtlSeconds(ctx.deps);
  return db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ email, ip: input.ip, succeeded: true });
    await tx.update(users).set({ last_login_at: sql`now()`, locked_until: null }).where(eq(users.id, user.id));
    await audit(tx, {
      actor: { userId: user.id, ip: input.ip },
      companyId: user.companyId,
      action: 'auth.login',
      targetType: 'user',
      targetId: user.id,
    });
    return issueToken(tx as never, user.id, ttl, {
      ip: input.ip,
      userAgent: input.userAgent,
    });
  });
}
