CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"bank_code" varchar(4),
	"bank_name" varchar(100) NOT NULL,
	"branch_code" varchar(3),
	"branch_name" varchar(100) NOT NULL,
	"account_type" varchar(10) NOT NULL,
	"account_number" varchar(10) NOT NULL,
	"account_holder" varchar(100) NOT NULL,
	"account_id" integer,
	"on_invoice" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_csv_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_csv_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"skip_rows" smallint DEFAULT 0 NOT NULL,
	"has_header" boolean DEFAULT true NOT NULL,
	"date_column" smallint NOT NULL,
	"amount_column" smallint,
	"in_column" smallint,
	"out_column" smallint,
	"description_column" smallint NOT NULL,
	"counterparty_column" smallint,
	"balance_column" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description_contains" varchar(100),
	"description_regex" varchar(200),
	"direction" varchar(3) DEFAULT 'any' NOT NULL,
	"amount_min" bigint,
	"amount_max" bigint,
	"counterparty_contains" varchar(100),
	"account_id" integer NOT NULL,
	"tax_category" varchar(16) DEFAULT 'none' NOT NULL,
	"customer_id" integer,
	"description_template" varchar(255),
	"splits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_rules_direction_check" CHECK ("bank_rules"."direction" in ('in', 'out', 'any'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"format" varchar(32) NOT NULL,
	"encoding" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"status" varchar(16) DEFAULT 'imported' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"period_from" date,
	"period_to" date,
	"opening_balance" bigint,
	"closing_balance" bigint,
	"error" text,
	"created_by" integer,
	"reverted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_imports_status_check" CHECK ("bank_statement_imports"."status" in ('processing', 'imported', 'failed', 'reverted'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"date" date NOT NULL,
	"direction" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"description" varchar(255) NOT NULL,
	"description_search" varchar(255) NOT NULL,
	"counterparty_name" varchar(255),
	"balance" bigint,
	"fingerprint" varchar(32) NOT NULL,
	"status" varchar(12) DEFAULT 'unconfirmed' NOT NULL,
	"rule_id" integer,
	"matched" jsonb,
	"journal_entry_id" integer,
	"confirmed_as" varchar(64),
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "bank_statement_rows_direction_check" CHECK ("bank_statement_rows"."direction" in ('in', 'out')),
	CONSTRAINT "bank_statement_rows_amount_check" CHECK ("bank_statement_rows"."amount" > 0 and "bank_statement_rows"."amount" <= 999999999999),
	CONSTRAINT "bank_statement_rows_status_check" CHECK ("bank_statement_rows"."status" in ('unconfirmed', 'confirmed', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD CONSTRAINT "bank_statement_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD CONSTRAINT "bank_statement_rows_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD CONSTRAINT "bank_statement_rows_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD CONSTRAINT "bank_statement_rows_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_on_invoice" ON "bank_accounts" USING btree ("company_id") WHERE "bank_accounts"."on_invoice";--> statement-breakpoint
CREATE INDEX "bank_accounts_company_idx" ON "bank_accounts" USING btree ("company_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "bank_rules_company_idx" ON "bank_rules" USING btree ("company_id","priority","id");--> statement-breakpoint
CREATE INDEX "bank_statement_imports_company_idx" ON "bank_statement_imports" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_rows_fingerprint_unique" ON "bank_statement_rows" USING btree ("bank_account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "bank_statement_rows_import_idx" ON "bank_statement_rows" USING btree ("import_id","line_no");--> statement-breakpoint
CREATE INDEX "bank_statement_rows_company_status_idx" ON "bank_statement_rows" USING btree ("company_id","status","date");--> statement-breakpoint
-- One list of bank accounts: the accounts kept on the company row (bank info printed on invoices) move into
-- bank_accounts; the first one stays the one printed on invoices.
INSERT INTO "bank_accounts" ("company_id", "bank_code", "bank_name", "branch_code", "branch_name", "account_type", "account_number", "account_holder", "on_invoice", "sort_order")
SELECT c."id", nullif(e.value->>'bank_code', ''), coalesce(e.value->>'bank_name', ''), nullif(e.value->>'branch_code', ''),
       coalesce(e.value->>'branch_name', ''), coalesce(nullif(e.value->>'account_type', ''), '普通'),
       left(coalesce(e.value->>'account_number', ''), 10), coalesce(e.value->>'account_holder', ''),
       e.ordinality = 1, e.ordinality::int
FROM "companies" c CROSS JOIN LATERAL jsonb_array_elements(c."bank_accounts") WITH ORDINALITY AS e(value, ordinality);
--> statement-breakpoint
-- companies.bank_accounts becomes a mirror of the table (the admin's company form and older code read it):
-- every change of bank_accounts rewrites it (the invoice account first) …
CREATE OR REPLACE FUNCTION bank_accounts_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  IF TG_OP = 'DELETE' THEN cid := OLD.company_id; ELSE cid := NEW.company_id; END IF;
  UPDATE companies SET bank_accounts = COALESCE((
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'bank_name', b.bank_name, 'branch_name', b.branch_name, 'account_type', b.account_type,
      'account_number', b.account_number, 'account_holder', b.account_holder,
      'bank_code', b.bank_code, 'branch_code', b.branch_code)) ORDER BY b.on_invoice DESC, b.sort_order, b.id)
    FROM bank_accounts b WHERE b.company_id = cid), '[]'::jsonb)
  WHERE id = cid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_accounts_mirror AFTER INSERT OR UPDATE OR DELETE ON bank_accounts
  FOR EACH ROW EXECUTE FUNCTION bank_accounts_mirror();
--> statement-breakpoint
-- … and a direct write of companies.bank_accounts (the platform admin's form) is applied to the table by
-- position (the invoice account first); surplus accounts go unless an import uses them.
CREATE OR REPLACE FUNCTION companies_bank_accounts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE e record; existing integer[]; n integer := 0;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND NEW.bank_accounts IS NOT DISTINCT FROM OLD.bank_accounts THEN RETURN NULL; END IF;
  SELECT array_agg(id ORDER BY on_invoice DESC, sort_order, id) INTO existing FROM bank_accounts WHERE company_id = NEW.id;
  FOR e IN SELECT value, ordinality FROM jsonb_array_elements(NEW.bank_accounts) WITH ORDINALITY LOOP
    n := e.ordinality;
    IF existing IS NOT NULL AND n <= array_length(existing, 1) THEN
      UPDATE bank_accounts SET bank_code = nullif(e.value->>'bank_code', ''), bank_name = coalesce(e.value->>'bank_name', ''),
        branch_code = nullif(e.value->>'branch_code', ''), branch_name = coalesce(e.value->>'branch_name', ''),
        account_type = coalesce(nullif(e.value->>'account_type', ''), '普通'),
        account_number = left(coalesce(e.value->>'account_number', ''), 10),
        account_holder = coalesce(e.value->>'account_holder', ''), sort_order = n, updated_at = now()
      WHERE id = existing[n];
    ELSE
      INSERT INTO bank_accounts (company_id, bank_code, bank_name, branch_code, branch_name, account_type, account_number, account_holder, on_invoice, sort_order)
      VALUES (NEW.id, nullif(e.value->>'bank_code', ''), coalesce(e.value->>'bank_name', ''), nullif(e.value->>'branch_code', ''),
        coalesce(e.value->>'branch_name', ''), coalesce(nullif(e.value->>'account_type', ''), '普通'),
        left(coalesce(e.value->>'account_number', ''), 10), coalesce(e.value->>'account_holder', ''),
        NOT EXISTS (SELECT 1 FROM bank_accounts WHERE company_id = NEW.id AND on_invoice), n);
    END IF;
  END LOOP;
  IF existing IS NOT NULL AND array_length(existing, 1) > n THEN
    DELETE FROM bank_accounts b WHERE b.id = ANY (existing[n + 1:])
      AND NOT EXISTS (SELECT 1 FROM bank_statement_imports s WHERE s.bank_account_id = b.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_bank_accounts_sync AFTER INSERT OR UPDATE OF bank_accounts ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_bank_accounts_sync();
