ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_id_company_id_accounts_id_company_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE cascade ON UPDATE no action;