CREATE TABLE "payment_batch_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_batch_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"transaction_document_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"fee_bearer" varchar(4) DEFAULT 'us' NOT NULL,
	"payment_id" integer,
	CONSTRAINT "payment_batch_items_amount_check" CHECK ("payment_batch_items"."amount" between 1 and 999999999999),
	CONSTRAINT "payment_batch_items_fee_check" CHECK ("payment_batch_items"."fee" between 0 and "payment_batch_items"."amount"),
	CONSTRAINT "payment_batch_items_fee_bearer_check" CHECK ("payment_batch_items"."fee_bearer" in ('us', 'them'))
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"payment_date" date NOT NULL,
	"bank_account_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"export_count" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "payment_batches_status_check" CHECK ("payment_batches"."status" in ('draft', 'approved', 'exported', 'paid')),
	CONSTRAINT "payment_batches_approval_check" CHECK (("payment_batches"."status" = 'draft') = ("payment_batches"."approved_at" is null)),
	CONSTRAINT "payment_batches_export_count_check" CHECK ("payment_batches"."export_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_batch_id_company_id_payment_batches_id_company_id_fk" FOREIGN KEY ("batch_id","company_id") REFERENCES "public"."payment_batches"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_transaction_document_id_company_id_transaction_documents_id_company_id_fk" FOREIGN KEY ("transaction_document_id","company_id") REFERENCES "public"."transaction_documents"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_items_document_unique" ON "payment_batch_items" USING btree ("batch_id","transaction_document_id");--> statement-breakpoint
CREATE INDEX "payment_batch_items_document_idx" ON "payment_batch_items" USING btree ("company_id","transaction_document_id");--> statement-breakpoint
CREATE INDEX "payment_batches_company_date_idx" ON "payment_batches" USING btree ("company_id","payment_date","id");--> statement-breakpoint
-- 振込データの承認 (payment-batches.approve): each company's first company user (its owner) holds it
UPDATE "users" u SET "permissions" = u."permissions" || '["payment-batches.approve"]'::jsonb
WHERE u."role" = 'company'
  AND u."id" = (SELECT min(v."id") FROM "users" v WHERE v."company_id" = u."company_id" AND v."role" = 'company')
  AND NOT (u."permissions" ? 'payment-batches.approve');
--> statement-breakpoint
-- a payment of a batch deleted (a reverted bank statement, or by hand): its items lose it (ON DELETE SET NULL)
-- and the batch is open again — 出力済 when its file was downloaded, else 承認済
CREATE FUNCTION payment_batch_items_reopen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_batches
     SET status = CASE WHEN export_count > 0 THEN 'exported' ELSE 'approved' END,
         paid_at = NULL,
         updated_at = greatest(now(), date_trunc('milliseconds', updated_at) + interval '1 millisecond')
   WHERE id = NEW.batch_id AND status = 'paid';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_batch_items_reopen AFTER UPDATE OF payment_id ON payment_batch_items
  FOR EACH ROW WHEN (OLD.payment_id IS NOT NULL AND NEW.payment_id IS NULL)
  EXECUTE FUNCTION payment_batch_items_reopen();
