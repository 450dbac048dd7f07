CREATE TABLE "account_daily_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_daily_balances_company_id_account_id_date_kind_pk" PRIMARY KEY("company_id","account_id","date","kind"),
	CONSTRAINT "account_daily_balances_check" CHECK ("account_daily_balances"."debit" >= 0 and "account_daily_balances"."credit" >= 0 and "account_daily_balances"."line_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" varchar(50) NOT NULL,
	"kana" varchar(100),
	"category" varchar(16) NOT NULL,
	"section" varchar(32) NOT NULL,
	"normal_side" varchar(6) NOT NULL,
	"parent_id" integer,
	"cash_flow_role" varchar(32) NOT NULL,
	"default_tax_category" varchar(16) DEFAULT 'none' NOT NULL,
	"system_key" varchar(32),
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_company_code_unique" UNIQUE("company_id","code"),
	CONSTRAINT "accounts_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "accounts_category_check" CHECK ("accounts"."category" in ('asset', 'liability', 'net_assets', 'revenue', 'expense')),
	CONSTRAINT "accounts_normal_side_check" CHECK ("accounts"."normal_side" in ('debit', 'credit')),
	CONSTRAINT "accounts_code_check" CHECK ("accounts"."code" ~ '^[0-9A-Za-z-]{1,10}$'),
	CONSTRAINT "accounts_parent_check" CHECK ("accounts"."parent_id" is null or "accounts"."parent_id" <> "accounts"."id")
);
--> statement-breakpoint
CREATE TABLE "fiscal_years" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"opening_entry_id" integer,
	"closing_entry_id" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_years_company_start_unique" UNIQUE("company_id","start_date"),
	CONSTRAINT "fiscal_years_dates_check" CHECK ("fiscal_years"."end_date" > "fiscal_years"."start_date"),
	CONSTRAINT "fiscal_years_status_check" CHECK ("fiscal_years"."status" in ('open', 'closed')),
	CONSTRAINT "fiscal_years_closed_check" CHECK (("fiscal_years"."status" = 'closed') = ("fiscal_years"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "journal_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"description" varchar(255) NOT NULL,
	"kind" varchar(10) DEFAULT 'normal' NOT NULL,
	"reversal_of_id" integer,
	"total" bigint DEFAULT 0 NOT NULL,
	"source_type" varchar(32),
	"source_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_company_number_unique" UNIQUE("company_id","number"),
	CONSTRAINT "journal_entries_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('normal', 'opening', 'closing', 'reversal')),
	CONSTRAINT "journal_entries_total_check" CHECK ("journal_entries"."total" > 0),
	CONSTRAINT "journal_entries_number_check" CHECK ("journal_entries"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"date" date NOT NULL,
	"kind" varchar(10) DEFAULT 'normal' NOT NULL,
	"account_id" integer NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"tax_category" varchar(16) DEFAULT 'none' NOT NULL,
	"customer_id" integer,
	"memo" varchar(255),
	CONSTRAINT "journal_lines_entry_line_unique" UNIQUE("entry_id","line_no"),
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" > 0) <> ("journal_lines"."credit" > 0)),
	CONSTRAINT "journal_lines_kind_check" CHECK ("journal_lines"."kind" in ('normal', 'opening', 'closing', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "period_locks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "period_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"locked_by" integer,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_locks_company_period_unique" UNIQUE("company_id","kind","start_date"),
	CONSTRAINT "period_locks_kind_check" CHECK ("period_locks"."kind" in ('month', 'year')),
	CONSTRAINT "period_locks_dates_check" CHECK ("period_locks"."end_date" >= "period_locks"."start_date")
);
--> statement-breakpoint
ALTER TABLE "account_daily_balances" ADD CONSTRAINT "account_daily_balances_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("parent_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_years" ADD CONSTRAINT "fiscal_years_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_years" ADD CONSTRAINT "fiscal_years_opening_entry_id_journal_entries_id_fk" FOREIGN KEY ("opening_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_years" ADD CONSTRAINT "fiscal_years_closing_entry_id_journal_entries_id_fk" FOREIGN KEY ("closing_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_years" ADD CONSTRAINT "fiscal_years_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_counters" ADD CONSTRAINT "journal_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reversal_of_id_company_id_journal_entries_id_company_id_fk" FOREIGN KEY ("reversal_of_id","company_id") REFERENCES "public"."journal_entries"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_company_id_journal_entries_id_company_id_fk" FOREIGN KEY ("entry_id","company_id") REFERENCES "public"."journal_entries"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_daily_balances_company_date_idx" ON "account_daily_balances" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_company_system_key_unique" ON "accounts" USING btree ("company_id","system_key") WHERE "accounts"."system_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reversal_unique" ON "journal_entries" USING btree ("reversal_of_id") WHERE "journal_entries"."reversal_of_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_company_date_idx" ON "journal_entries" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "journal_lines_ledger_idx" ON "journal_lines" USING btree ("company_id","account_id","date","entry_id","id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "period_locks_company_idx" ON "period_locks" USING btree ("company_id","start_date","end_date");