import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLog } from '../db/schema/index.js';
import { createTestApp, createUser, type TestContext } from '../test/harness.js';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (or refuses recipients when told to). */
async function startSmtp(opts: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (opts.refuse) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail through SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Chobo <no-reply@chobo.test>' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('delivers the password-reset mail with its Japanese subject, body and link, and marks it sent', async () => {
    const user = await createUser(ctx.db, { role: 'company', name: '髙﨑 花子' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await ctx.app.deps.mailer.drain();

    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    const parsed = await PostalMime.parse(mail?.raw ?? '');
    expect(parsed.subject).toBe('【Chobo】パスワード再設定のご案内');
    expect(parsed.from?.address).toBe('no-reply@chobo.test');
    expect(parsed.text).toContain('髙﨑 花子 様');
    expect(parsed.text).toMatch(/http:\/\/chobo\.test\/password-reset\?token=[A-Za-z0-9_-]{43}&email=/);

    const [row] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, user.email));
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBeInstanceOf(Date);
  });
});

describe('delivery failures', () => {
  it('retries with back-off, then marks the mail failed after 5 attempts', async () => {
    const smtp = await startSmtp({ refuse: true });
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const user = await createUser(ctx.db, { role: 'company' });
      await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
      await ctx.app.deps.mailer.drain();
      let [row] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, user.email));
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.last_error).toMatch(/mailbox unavailable/);
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 10_000);
      for (let i = 0; i < 4; i++) {
        await ctx.db.update(mailLog).set({ next_attempt_at: sql`now()` }).where(eq(mailLog.id, row.id));
        await ctx.app.deps.mailer.drain();
      }
      [row] = await ctx.db.select().from(mailLog).where(eq(mailLog.id, row.id));
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });

  it('records mail as logged when SMTP_URL is unset', async () => {
    const ctx = await createTestApp();
    try {
      const user = await createUser(ctx.db, { role: 'company' });
      await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
      await ctx.app.deps.mailer.drain();
      const [row] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, user.email));
      expect(row.status).toBe('logged');
    } finally {
      await ctx.close();
    }
  });
});
