CREATE TABLE "document_counters" (
	"company_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"transaction_id" integer,
	"date" date,
	"description" varchar(200) NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit" varchar(20),
	"unit_price" bigint NOT NULL,
	"tax_category" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "invoice_lines_line_unique" UNIQUE("invoice_id","line_no"),
	CONSTRAINT "invoice_lines_tax_category_check" CHECK ("invoice_lines"."tax_category" in ('10', '8', 'exempt', 'out_of_scope')),
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity_milli" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_transactions" (
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	CONSTRAINT "invoice_transactions_invoice_id_transaction_id_pk" PRIMARY KEY("invoice_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"notes" text,
	"tax_mode" varchar(10) DEFAULT 'exclusive' NOT NULL,
	"tax_rounding" varchar(8) DEFAULT 'floor' NOT NULL,
	"by_rate" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"issuer" jsonb,
	"recipient" jsonb,
	"corrects_id" integer,
	"journal_entry_id" integer,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_company_number_unique" UNIQUE("company_id","number"),
	CONSTRAINT "invoices_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'issued', 'sent', 'paid', 'void')),
	CONSTRAINT "invoices_tax_mode_check" CHECK ("invoices"."tax_mode" in ('exclusive', 'inclusive')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."subtotal" + "invoices"."tax" and "invoices"."total" >= 0),
	CONSTRAINT "invoices_due_date_check" CHECK ("invoices"."due_date" is null or "invoices"."due_date" >= "invoices"."issue_date"),
	CONSTRAINT "invoices_issued_snapshot_check" CHECK ("invoices"."status" = 'draft' or ("invoices"."issuer" is not null and "invoices"."recipient" is not null))
);
--> statement-breakpoint
CREATE TABLE "sales_transaction_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_transaction_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"product_id" integer,
	"description" varchar(200) NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit" varchar(20),
	"unit_price" bigint NOT NULL,
	"tax_category" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sales_transaction_lines_line_unique" UNIQUE("transaction_id","line_no"),
	CONSTRAINT "sales_transaction_lines_tax_category_check" CHECK ("sales_transaction_lines"."tax_category" in ('10', '8', 'exempt', 'out_of_scope')),
	CONSTRAINT "sales_transaction_lines_quantity_check" CHECK ("sales_transaction_lines"."quantity_milli" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"transaction_date" date NOT NULL,
	"due_date" date,
	"subject" varchar(100) NOT NULL,
	"payment_method" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"memo" text,
	"tax_mode" varchar(10) DEFAULT 'exclusive' NOT NULL,
	"tax_rounding" varchar(8) DEFAULT 'floor' NOT NULL,
	"by_rate" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"journal_entry_id" integer,
	"write_off_entry_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_transactions_company_number_unique" UNIQUE("company_id","number"),
	CONSTRAINT "sales_transactions_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "sales_transactions_payment_method_check" CHECK ("sales_transactions"."payment_method" in (1, 2, 3, 4, 9)),
	CONSTRAINT "sales_transactions_status_check" CHECK ("sales_transactions"."status" in (0, 1, 2, 3)),
	CONSTRAINT "sales_transactions_tax_mode_check" CHECK ("sales_transactions"."tax_mode" in ('exclusive', 'inclusive')),
	CONSTRAINT "sales_transactions_tax_rounding_check" CHECK ("sales_transactions"."tax_rounding" in ('floor', 'round', 'ceil')),
	CONSTRAINT "sales_transactions_total_check" CHECK ("sales_transactions"."total" = "sales_transactions"."subtotal" + "sales_transactions"."tax" and "sales_transactions"."total" >= 0),
	CONSTRAINT "sales_transactions_number_check" CHECK ("sales_transactions"."number" > 0),
	CONSTRAINT "sales_transactions_due_date_check" CHECK ("sales_transactions"."due_date" is null or "sales_transactions"."due_date" >= "sales_transactions"."transaction_date")
);
--> statement-breakpoint
ALTER TABLE "mail_log" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_company_id_invoices_id_company_id_fk" FOREIGN KEY ("invoice_id","company_id") REFERENCES "public"."invoices"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_transaction_id_company_id_sales_transactions_id_company_id_fk" FOREIGN KEY ("transaction_id","company_id") REFERENCES "public"."sales_transactions"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_transactions" ADD CONSTRAINT "invoice_transactions_invoice_id_company_id_invoices_id_company_id_fk" FOREIGN KEY ("invoice_id","company_id") REFERENCES "public"."invoices"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_transactions" ADD CONSTRAINT "invoice_transactions_transaction_id_company_id_sales_transactions_id_company_id_fk" FOREIGN KEY ("transaction_id","company_id") REFERENCES "public"."sales_transactions"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_id_company_id_invoices_id_company_id_fk" FOREIGN KEY ("corrects_id","company_id") REFERENCES "public"."invoices"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transaction_lines" ADD CONSTRAINT "sales_transaction_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transaction_lines" ADD CONSTRAINT "sales_transaction_lines_transaction_id_company_id_sales_transactions_id_company_id_fk" FOREIGN KEY ("transaction_id","company_id") REFERENCES "public"."sales_transactions"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_write_off_entry_id_journal_entries_id_fk" FOREIGN KEY ("write_off_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_transaction_idx" ON "invoice_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "invoice_transactions_transaction_idx" ON "invoice_transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "invoices_company_issue_idx" ON "invoices" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_customer_idx" ON "invoices" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "sales_transactions_company_date_idx" ON "sales_transactions" USING btree ("company_id","transaction_date","id");--> statement-breakpoint
CREATE INDEX "sales_transactions_company_customer_idx" ON "sales_transactions" USING btree ("company_id","customer_id","transaction_date");