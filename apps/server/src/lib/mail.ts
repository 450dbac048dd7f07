import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { mailLog } from '../db/schema/index.js';
import { settingsRow } from './settings.js';

const require = createRequire(import.meta.url);

export interface MailAttachment {
  filename: string;
  content_type: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  /** Copies (CC) and blind copies (BCC). */
  cc?: string[];
  bcc?: string[];
  subject: string;
  body: string;
  attachments?: MailAttachment[];
}

const MAX_ATTEMPTS = 5;

/**
 * Puts a mail into the outbox (the mail log) inside the caller's transaction: it is sent only if the
 * change that caused it commits. The dispatcher sends it after the request, never during it.
 */
export async function queueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  await db.insert(mailLog).values({
    to: message.to,
    cc: message.cc?.length ? message.cc.join(', ') : null,
    bcc: message.bcc?.length ? message.bcc.join(', ') : null,
    subject: message.subject,
    body: message.body,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content_type: a.content_type,
      content_base64: a.content.toString('base64'),
    })),
  });
}

/**
 * Sends queued mail through SMTP_URL, retrying with back-off; without SMTP_URL records it as 'logged'
 * and prints it. Safe with several server processes (rows are claimed with SKIP LOCKED).
 */
export class MailDispatcher {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger; printMail?: boolean },
  ) {
    // nodemailer (≈ 40 files) loads only when there is an SMTP server to send to (ADR 0025)
    this.transport = opts.smtpUrl
      ? (require('nodemailer') as typeof import('nodemailer')).createTransport(opts.smtpUrl)
      : null;
  }

  start(intervalMs = 2000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  /** Starts a delivery round unless one is running. */
  kick(): void {
    if (!this.running) {
      this.running = this.deliverDue()
        .catch((err) => this.opts.log.error({ err }, 'mail dispatch failed'))
        .finally(() => {
          this.running = null;
        });
    }
  }

  /** Waits for a round in progress, then delivers everything due now (tests and shutdown await it). */
  async drain(): Promise<void> {
    await this.running;
    await this.deliverDue();
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      // Claim one row with a 5-minute lease in a short statement; send outside any transaction so a slow
      // SMTP server never holds a lock (PGlite has one connection). An expired lease is picked up again.
      const claimed = await this.db
        .update(mailLog)
        .set({ status: 'sending', next_attempt_at: sql`now() + interval '5 minutes'` })
        .where(
          eq(
            mailLog.id,
            sql`(select id from ${mailLog} where ${mailLog.status} in ('queued', 'sending') and ${mailLog.next_attempt_at} <= now() order by id limit 1 for update skip locked)`,
          ),
        )
        .returning();
      const row = claimed[0];
      if (!row) return;
      const attempts = row.attempts + 1;
      if (!this.transport) {
        if (this.opts.printMail !== false) {
          const copies = `${row.cc ? ` cc=${row.cc}` : ''}${row.bcc ? ` bcc=${row.bcc}` : ''}`;
          this.opts.log.info(
            `mail (SMTP_URL unset, recorded only) to=${row.to}${copies} subject=${row.subject}\n${row.body}`,
          );
        }
        await this.db.update(mailLog).set({ status: 'logged', attempts }).where(eq(mailLog.id, row.id));
        continue;
      }
      try {
        const from = (await settingsRow(this.db))?.mail_from ?? this.opts.from;
        const attachments = (
          (row.attachments ?? []) as { filename: string; content_type: string; content_base64: string }[]
        ).map((a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: Buffer.from(a.content_base64, 'base64'),
        }));
        await this.transport.sendMail({
          from,
          to: row.to,
          cc: row.cc ?? undefined,
          bcc: row.bcc ?? undefined,
          subject: row.subject,
          text: row.body,
          attachments,
        });
        await this.db
          .update(mailLog)
          .set({ status: 'sent', attempts, sent_at: sql`now()`, last_error: null })
          .where(eq(mailLog.id, row.id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.opts.log.warn({ to: row.to, attempts, err: message }, 'mail delivery failed');
        await this.db
          .update(mailLog)
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
            attempts,
            last_error: message.slice(0, 1000),
            next_attempt_at: sql`now() + make_interval(secs => ${10 * 2 ** attempts})`,
          })
          .where(eq(mailLog.id, row.id));
      }
    }
  }
}
