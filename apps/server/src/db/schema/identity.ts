import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** White-label partners; a company's granted permissions come from its domain. */
export const domains = pgTable(
  'domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    host: varchar('host', { length: 253 }).notNull(),
    logo_data: text('logo_data'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('domains_host_unique').on(sql`lower(${t.host})`),
    uniqueIndex('domains_single_default').on(t.is_default).where(sql`${t.is_default}`),
  ],
);

export interface CompanyBankAccount {
  bank_name: string;
  branch_name: string;
  account_type: string;
  account_number: string;
  account_holder: string;
  /** 銀行コード (4 digits) and 支店コード (3 digits), set by the company's bank-info form. */
  bank_code?: string | null;
  branch_code?: string | null;
}

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    domain_id: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    name: varchar('name', { length: 255 }).notNull(),
    name_kana: varchar('name_kana', { length: 255 }),
    corporate_number: varchar('corporate_number', { length: 13 }),
    registration_number: varchar('registration_number', { length: 14 }),
    representative_name: varchar('representative_name', { length: 100 }),
    representative_name_kana: varchar('representative_name_kana', { length: 100 }),
    postal_code: varchar('postal_code', { length: 7 }),
    prefecture_code: varchar('prefecture_code', { length: 2 }),
    address1: varchar('address1', { length: 255 }),
    address2: varchar('address2', { length: 255 }),
    tel: varchar('tel', { length: 20 }),
    email: varchar('email', { length: 254 }),
    capital: integer('capital'),
    fiscal_year_end_month: smallint('fiscal_year_end_month').notNull().default(3),
    business_type: varchar('business_type', { length: 100 }),
    tax_office: varchar('tax_office', { length: 100 }),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    max_employee: integer('max_employee').notNull().default(10),
    max_employee_cap: integer('max_employee_cap').notNull().default(50),
    expiration_year: smallint('expiration_year').notNull().default(7),
    tax_display: varchar('tax_display', { length: 16 }).notNull().default('exclusive'),
    tax_rounding: varchar('tax_rounding', { length: 8 }).notNull().default('floor'),
    /** 経理方式: 'exclusive' 税抜経理 (consumption tax on its own accounts) | 'inclusive' 税込経理. */
    accounting_method: varchar('accounting_method', { length: 16 }).notNull().default('exclusive'),
    logo_data: text('logo_data'),
    /** Bank accounts shown on invoices: [{ bank_name, branch_name, account_type, account_number, account_holder }]. */
    bank_accounts: jsonb('bank_accounts').$type<CompanyBankAccount[]>().notNull().default([]),
    /** Work rules (従業員設定): standard hours, break, statutory holiday weekday (0 = 日), monthly closing day (31 = 末日). */
    work_start_time: varchar('work_start_time', { length: 5 }).notNull().default('09:00'),
    work_end_time: varchar('work_end_time', { length: 5 }).notNull().default('18:00'),
    break_minutes: smallint('break_minutes').notNull().default(60),
    statutory_holiday: smallint('statutory_holiday').notNull().default(0),
    closing_day: smallint('closing_day').notNull().default(31),
    /** 請求書メールのひな形 (件名・本文 with {取引先名} … placeholders, core invoice-mail.ts); null = the default. */
    invoice_mail_subject: varchar('invoice_mail_subject', { length: 200 }),
    invoice_mail_body: text('invoice_mail_body'),
    ...timestamps,
  },
  (t) => [
    check('companies_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('companies_fiscal_month_check', sql`${t.fiscal_year_end_month} between 1 and 12`),
    check('companies_expiration_check', sql`${t.expiration_year} in (7, 10)`),
    check('companies_max_employee_check', sql`${t.max_employee} >= 0 and ${t.max_employee} <= ${t.max_employee_cap}`),
    check('companies_tax_display_check', sql`${t.tax_display} in ('inclusive', 'exclusive')`),
    check('companies_tax_rounding_check', sql`${t.tax_rounding} in ('floor', 'round', 'ceil')`),
    check('companies_accounting_method_check', sql`${t.accounting_method} in ('exclusive', 'inclusive')`),
    check(
      'companies_work_rules_check',
      sql`${t.break_minutes} between 0 and 480 and ${t.statutory_holiday} between 0 and 6 and ${t.closing_day} between 1 and 31`,
    ),
    index('companies_domain_idx').on(t.domain_id),
    /** One company per 法人番号 (companies without one are not constrained). */
    uniqueIndex('companies_corporate_number_unique')
      .on(t.corporate_number)
      .where(sql`${t.corporate_number} is not null and ${t.corporate_number} <> ''`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    password_hash: text('password_hash'),
    role: varchar('role', { length: 16 }).notNull(),
    company_id: integer('company_id').references(() => companies.id),
    /** Admin permissions (role admin); a company user's own grants (COMPANY_USER_PERMISSIONS: payment-batches.approve); the rest come from the domain / role. */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.company_id),
    check('users_role_check', sql`${t.role} in ('admin', 'company', 'employee')`),
    check(
      'users_company_role_check',
      sql`(${t.role} = 'admin' and ${t.company_id} is null) or (${t.role} <> 'admin' and ${t.company_id} is not null)`,
    ),
  ],
);

/** Bearer tokens, stored only as SHA-256 hashes. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Set when a renewal replaced this token; it then stays valid for a short grace period. */
    replaced_at: timestamp('replaced_at', { withTimezone: true }),
    ip: inet('ip'),
    user_agent: varchar('user_agent', { length: 300 }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.token_hash), index('api_tokens_user_idx').on(t.user_id)],
);

/**
 * One row whose `epoch` every change to what a signed-in caller is (a token revoked, replaced or re-dated; a
 * user's role, permissions, name, e-mail, company or disabling; a company's status, domain or the fields of
 * /api/me; a domain's roles, permissions, name or logo) increases in the same transaction — triggers of
 * migration 0025. The auth plugin keeps each token's lookup in memory under the epoch it was read at and
 * reads only this row on a request (docs/adr/0028-auth-lookup-cached-by-epoch.md).
 */
export const authEpoch = pgTable(
  'auth_epoch',
  {
    id: smallint('id').primaryKey().default(1),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_epoch_one_row', sql`${t.id} = 1`)],
);

/** Single-use tokens mailed to people: password resets (and later invitations, e-mail changes). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_unique').on(t.token_hash), index('password_resets_user_idx').on(t.user_id)],
);

/** Every sign-in attempt: drives the account lock and the per-IP limit (shared by all server processes). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().default('login'),
    succeeded: boolean('succeeded').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(sql`lower(${t.email})`, t.created_at),
    index('login_attempts_ip_idx').on(t.ip, t.created_at),
  ],
);

/**
 * The audit log, one hash chain per company (company_id) and one for the platform (company_id null):
 * see lib/audit.ts and docs/adr/0003-audit-hash-chain.md. company_id and actor_user_id deliberately have
 * no foreign keys: deleting a company or a user must not rewrite (set null) hashed history.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id'),
    actor_user_id: integer('actor_user_id'),
    action: varchar('action', { length: 64 }).notNull(),
    target_type: varchar('target_type', { length: 64 }).notNull(),
    target_id: varchar('target_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The previous row's hash in the same chain (64 zeros for a chain's first row). */
    prev_hash: varchar('prev_hash', { length: 64 }).notNull(),
    /** Hex SHA-256 over this row's content and prev_hash, computed by PostgreSQL (lib/audit.ts auditHashSql). */
    hash: varchar('hash', { length: 64 }).notNull(),
    /**
     * The key that signed this row (lib/audit-keys.ts: a fingerprint, not the key) and its HMAC-SHA256 over
     * key_id and hash, computed in the server process with a key kept outside the database (ADR 0040).
     * Both null only on rows written before keyed rows started (migration 0032).
     */
    key_id: varchar('key_id', { length: 32 }),
    mac: varchar('mac', { length: 64 }),
  },
  (t) => [
    index('audit_logs_company_idx').on(t.company_id, t.created_at),
    index('audit_logs_target_idx').on(t.target_type, t.target_id),
    /** A chain in order: its last row (audit()) and verification walk this index. */
    index('audit_logs_chain_idx').on(t.company_id, t.id),
    /** A row is signed (both) or written before keyed rows started (neither). */
    check('audit_logs_mac_check', sql`(${t.key_id} is null) = (${t.mac} is null)`),
  ],
);

/** Outgoing mail: an outbox written in the same transaction as the change that causes it. */
export const mailLog = pgTable(
  'mail_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to', { length: 254 }).notNull(),
    /** Copies: addresses joined with ", " (null = none). */
    cc: text('cc'),
    bcc: text('bcc'),
    subject: varchar('subject', { length: 255 }).notNull(),
    body: text('body').notNull(),
    /** Files sent with the mail (e.g. an invoice PDF): [{ filename, content_type, content_base64 }]. */
    attachments: jsonb('attachments'),
    /** queued → sending (leased) → sent | failed (after retries) | logged (no SMTP_URL: recorded only). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_log_pending_idx').on(t.next_attempt_at).where(sql`${t.status} in ('queued', 'sending')`),
    check('mail_log_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'logged')`),
  ],
);

/**
 * Fixed-window request counters of the global rate limit (plugins/rate-limit.ts): one row per client key,
 * shared by every server process on the database. Expired rows are swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 100 }).primaryKey(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.reset_at)],
);
