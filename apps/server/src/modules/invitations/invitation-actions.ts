import { ADMIN_INVITATION_TTL_HOURS, COMPANY_INVITATION_TTL_HOURS, type InvitationLookup } from '@chobo/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { domains, invitations, loginAttempts, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, AdminCtx, Ctx } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import { HttpError, notFound, tooManyRequests, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { hashPassword, hashToken, newToken } from '../../lib/secrets.js';
import { currentSettings, tokenTtlSeconds } from '../../lib/settings.js';
import { type IssuedToken, issueToken } from '../../plugins/auth.js';
import { insertCompany, resolveDomainId } from '../admin-companies/create-company.js';
import { adminInvitationMail, companyInvitationMail } from './invitation-mail.js';
import {
  findInvitation,
  type Invitation,
  type InvitationKind,
  invitationStatus,
  toInvitation,
} from './invitations.queries.js';

const NOT_FOUND = '招待が見つかりません';
export const INVITATION_USED = 'この招待はすでに使用されています。ログイン画面からログインしてください';
export const INVITATION_EXPIRED = '招待の有効期限が切れています。招待の再送を依頼してください';
const EMAIL_TAKEN = 'このメールアドレスはすでに登録されています';

const ttlHours = (kind: InvitationKind) =>
  kind === 'admin' ? ADMIN_INVITATION_TTL_HOURS : COMPANY_INVITATION_TTL_HOURS;

async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(u);
}

function mailFor(deps: AppDeps, service_name: string, row: Invitation, token: string) {
  return row.kind === 'admin'
    ? adminInvitationMail({
        serviceName: service_name,
        appUrl: deps.env.APP_URL,
        to: row.email,
        name: row.name ?? '',
        permissions: row.permissions,
        token,
        expiresAt: row.expires_at,
      })
    : companyInvitationMail({
        serviceName: service_name,
        appUrl: deps.env.APP_URL,
        to: row.email,
        companyName: row.company_name ?? '',
        token,
        expiresAt: row.expires_at,
      });
}

export async function createInvitation({
  ctx,
  input: { kind, ...input },
}: ActionArgs<
  AdminCtx,
  {
    kind: InvitationKind;
    email: string;
    name?: string;
    permissions?: string[];
    company_name?: string;
    domain_id?: number | null;
  }
>) {
  // settings are read before the transaction: PGlite has one connection, held by the transaction
  const { service_name } = await currentSettings(ctx.deps);
  const dto = await ctx.db.transaction(async (tx) => {
    if (await emailTaken(tx, input.email)) throw unprocessable({ email: [EMAIL_TAKEN] });
    const domainId = kind === 'company' && input.domain_id ? await resolveDomainId(tx, input.domain_id) : null;
    const token = newToken();
    const [row] = await tx
      .insert(invitations)
      .values({
        kind,
        email: input.email,
        name: input.name ?? null,
        permissions: kind === 'admin' ? (input.permissions ?? []) : [],
        company_name: input.company_name ?? null,
        domain_id: domainId,
        token_hash: hashToken(token),
        expires_at: sql`now() + make_interval(hours => ${ttlHours(kind)})`,
        invited_by: ctx.actor.userId,
      })
      .returning();
    await queueMail(tx, mailFor(ctx.deps, service_name, row, token));
    const out = toInvitation(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: `${kind}_invitation.create`,
      targetType: `${kind}_invitation`,
      targetId: row.id,
      after: out,
    });
    return out;
  });
  ctx.deps.mailer.kick();
  return dto;
}

/** Issues a new token (the old link stops working), extends the expiry and mails it again. */
export async function resendInvitation({
  ctx,
  input: { kind, id },
}: ActionArgs<AdminCtx, { kind: InvitationKind; id: number }>) {
  const { service_name } = await currentSettings(ctx.deps);
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findInvitation(tx, kind, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (before.accepted_at) throw new HttpError(409, 'この招待はすでに登録済みのため再送できません');
    const token = newToken();
    const [row] = await tx
      .update(invitations)
      .set({
        token_hash: hashToken(token),
        expires_at: sql`now() + make_interval(hours => ${ttlHours(kind)})`,
        sent_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(invitations.id, id))
      .returning();
    await queueMail(tx, mailFor(ctx.deps, service_name, row, token));
    const out = toInvitation(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: `${kind}_invitation.resend`,
      targetType: `${kind}_invitation`,
      targetId: id,
      before: toInvitation(before),
      after: out,
    });
    return out;
  });
  ctx.deps.mailer.kick();
  return dto;
}

export async function deleteInvitation({
  ctx,
  input: { kind, id },
}: ActionArgs<AdminCtx, { kind: InvitationKind; id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findInvitation(tx, kind, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    await tx.delete(invitations).where(eq(invitations.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: `${kind}_invitation.delete`,
      targetType: `${kind}_invitation`,
      targetId: id,
      before: toInvitation(before),
    });
  });
}

/** The window of the per-IP limit on the public invitation calls. */
export const INVITATION_WINDOW_SECONDS = 15 * 60;

/**
 * Per-IP limit on the public invitation calls (GET /api/invitations/{token}, POST /api/register,
 * POST /api/register-admin) so tokens cannot be guessed: every call is a row in login_attempts with
 * kind 'invitation'; more than `loginLimits.invitationIpAttempts` in 15 minutes → 429 with Retry-After.
 * The rows live in the database, so the limit holds across server processes.
 */
export async function limitInvitationCalls(deps: AppDeps, ip: string): Promise<void> {
  const since = sql`now() - make_interval(secs => ${INVITATION_WINDOW_SECONDS})`;
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date>`min(${loginAttempts.created_at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.kind, 'invitation'), gt(loginAttempts.created_at, since)));
  if (row.n >= deps.loginLimits.invitationIpAttempts) {
    const retry = new Date(row.oldest).getTime() + INVITATION_WINDOW_SECONDS * 1000 - Date.now();
    throw tooManyRequests(retry / 1000, '招待リンクの確認・登録の回数が多すぎます。しばらくしてから再度お試しください');
  }
  await deps.db.insert(loginAttempts).values({ email: '', ip, kind: 'invitation', succeeded: true });
}

/** A usable invitation for a token: unknown → 404, used or expired → 410 (the page explains it). */
async function usableInvitation(db: DbOrTx, token: string, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(invitations)
    .where(eq(invitations.token_hash, hashToken(token)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(NOT_FOUND);
  const status = invitationStatus(row);
  if (status === 'accepted') throw new HttpError(410, INVITATION_USED);
  if (status === 'expired') throw new HttpError(410, INVITATION_EXPIRED);
  return row;
}

/** GET /api/invitations/{token} (public): what the registration page shows. */
export async function lookupInvitation(db: DbOrTx, token: string): Promise<InvitationLookup> {
  const row = await usableInvitation(db, token);
  let domainName: string | null = null;
  if (row.domain_id) {
    const [d] = await db.select({ name: domains.name }).from(domains).where(eq(domains.id, row.domain_id));
    domainName = d?.name ?? null;
  }
  return {
    type: row.kind as InvitationLookup['type'],
    email: row.email,
    name: row.name,
    company_name: row.company_name,
    domain_name: domainName,
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * POST /api/register(-admin): creates the account (and for a company invitation the company with its
 * default chart of accounts), marks the invitation used and signs the new user in — one transaction.
 */
export async function acceptInvitation({
  ctx,
  input: { kind, ...input },
}: ActionArgs<
  Ctx,
  { kind: InvitationKind; token: string; name: string; password: string; ip: string; userAgent?: string }
>): Promise<IssuedToken> {
  const { deps } = ctx;
  const passwordHash = await hashPassword(input.password);
  const ttl = await tokenTtlSeconds(deps);
  return deps.db.transaction(async (tx) => {
    const inv = await usableInvitation(tx, input.token, { forUpdate: true });
    if (inv.kind !== kind) throw notFound(NOT_FOUND);
    if (await emailTaken(tx, inv.email)) throw new HttpError(409, EMAIL_TAKEN);
    let companyId: number | null = null;
    if (kind === 'company') {
      const company = await insertCompany(tx, deps, {
        name: inv.company_name ?? input.name,
        email: inv.email,
        domain_id: inv.domain_id,
      });
      companyId = company.id;
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: inv.email,
        name: input.name,
        password_hash: passwordHash,
        role: kind,
        company_id: companyId,
        permissions: kind === 'admin' ? inv.permissions : [],
        last_login_at: sql`now()`,
      })
      .returning({ id: users.id });
    await tx
      .update(invitations)
      .set({ accepted_at: sql`now()`, accepted_user_id: user.id, company_id: companyId, updated_at: sql`now()` })
      .where(eq(invitations.id, inv.id));
    const actor = { userId: user.id, ip: input.ip };
    if (companyId !== null) {
      await audit(tx, { actor, companyId, action: 'company.register', targetType: 'company', targetId: companyId });
    }
    await audit(tx, {
      actor,
      companyId,
      action: `${kind}_invitation.accept`,
      targetType: `${kind}_invitation`,
      targetId: inv.id,
      after: { user_id: user.id, email: inv.email, name: input.name },
    });
    return issueToken(tx as unknown as Db, user.id, ttl, { ip: input.ip, userAgent: input.userAgent });
  });
}
