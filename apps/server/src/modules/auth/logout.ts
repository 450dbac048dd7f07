import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiTokens } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { UserCtx } from '../../lib/context.js';

/** Signs the caller out: revokes the token the request carried, audited in the same transaction. */
export async function signOut({ ctx }: { ctx: UserCtx }): Promise<void> {
  const { auth } = ctx;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(apiTokens)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(apiTokens.id, auth.tokenId), isNull(apiTokens.revoked_at)));
    await audit(tx, {
      actor: ctx.actor,
      companyId: auth.companyId,
      action: 'auth.logout',
      targetType: 'user',
      targetId: auth.userId,
    });
  });
}
