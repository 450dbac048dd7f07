CREATE TABLE "payment_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer,
	"transaction_id" integer,
	"transaction_document_id" integer,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount" > 0),
	CONSTRAINT "payment_allocations_one_target_check" CHECK (num_nonnulls("payment_allocations"."invoice_id", "payment_allocations"."transaction_id", "payment_allocations"."transaction_document_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"direction" varchar(3) NOT NULL,
	"date" date NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" smallint DEFAULT 1 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"fee_bearer" varchar(4) DEFAULT 'us' NOT NULL,
	"bank_account_id" integer,
	"memo" text,
	"bank_statement_row_id" integer,
	"settled" bigint NOT NULL,
	"journal_entry_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "payments_direction_check" CHECK ("payments"."direction" in ('in', 'out')),
	CONSTRAINT "payments_fee_bearer_check" CHECK ("payments"."fee_bearer" in ('us', 'them')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in (1, 2, 3, 4, 9)),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" between 1 and 999999999999),
	CONSTRAINT "payments_fee_check" CHECK ("payments"."fee" between 0 and 999999999999),
	CONSTRAINT "payments_settled_check" CHECK ("payments"."settled" = "payments"."amount" + case when ("payments"."direction" = 'in') = ("payments"."fee_bearer" = 'us') then "payments"."fee" else 0 end)
);
--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_company_id_payments_id_company_id_fk" FOREIGN KEY ("payment_id","company_id") REFERENCES "public"."payments"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_company_id_invoices_id_company_id_fk" FOREIGN KEY ("invoice_id","company_id") REFERENCES "public"."invoices"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_transaction_id_company_id_sales_transactions_id_company_id_fk" FOREIGN KEY ("transaction_id","company_id") REFERENCES "public"."sales_transactions"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_transaction_document_id_company_id_transaction_documents_id_company_id_fk" FOREIGN KEY ("transaction_document_id","company_id") REFERENCES "public"."transaction_documents"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id","amount") WHERE "payment_allocations"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_allocations_transaction_idx" ON "payment_allocations" USING btree ("transaction_id","amount") WHERE "payment_allocations"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_allocations_document_idx" ON "payment_allocations" USING btree ("transaction_document_id","amount") WHERE "payment_allocations"."transaction_document_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_company_date_idx" ON "payments" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "payments_company_customer_idx" ON "payments" USING btree ("company_id","customer_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_row_unique" ON "payments" USING btree ("company_id","bank_statement_row_id") WHERE "payments"."bank_statement_row_id" is not null;--> statement-breakpoint
-- Over-allocation is refused by the database too (the actions lock the documents FOR UPDATE first, so
-- concurrent payments serialise and the second sees the first's allocations): the sum of the allocations
-- of a document never exceeds its total, and those of a payment never exceed what it settles.
CREATE OR REPLACE FUNCTION payment_allocations_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc_total bigint;
  doc_sum bigint;
  pay_total bigint;
  pay_sum bigint;
BEGIN
  IF NEW.invoice_id IS NOT NULL THEN
    SELECT total INTO doc_total FROM invoices WHERE id = NEW.invoice_id;
    SELECT coalesce(sum(amount), 0) INTO doc_sum FROM payment_allocations WHERE invoice_id = NEW.invoice_id;
  ELSIF NEW.transaction_id IS NOT NULL THEN
    SELECT total INTO doc_total FROM sales_transactions WHERE id = NEW.transaction_id;
    SELECT coalesce(sum(amount), 0) INTO doc_sum FROM payment_allocations WHERE transaction_id = NEW.transaction_id;
  ELSE
    SELECT amount INTO doc_total FROM transaction_documents WHERE id = NEW.transaction_document_id;
    SELECT coalesce(sum(amount), 0) INTO doc_sum FROM payment_allocations
      WHERE transaction_document_id = NEW.transaction_document_id;
  END IF;
  IF doc_sum > doc_total THEN
    RAISE EXCEPTION '消込額の合計（%円）が書類の金額（%円）を超えています', doc_sum, doc_total USING ERRCODE = '23514';
  END IF;
  SELECT settled INTO pay_total FROM payments WHERE id = NEW.payment_id;
  SELECT coalesce(sum(amount), 0) INTO pay_sum FROM payment_allocations WHERE payment_id = NEW.payment_id;
  IF pay_sum > pay_total THEN
    RAISE EXCEPTION '消込額の合計（%円）が入出金の額（%円）を超えています', pay_sum, pay_total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_allocations_check AFTER INSERT OR UPDATE ON payment_allocations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_allocations_check();
