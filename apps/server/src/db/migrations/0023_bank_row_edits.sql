ALTER TABLE "bank_statement_rows" ADD COLUMN "edit_account_id" integer;--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD COLUMN "edit_tax_category" varchar(16);--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD COLUMN "edit_description" varchar(255);--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_statement_rows" ADD CONSTRAINT "bank_statement_rows_edit_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("edit_account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;