ALTER TABLE "consumption_tax_settings" ADD COLUMN "base_period_taxable_sales" bigint;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD COLUMN "interim_national" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD COLUMN "interim_local" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD CONSTRAINT "consumption_tax_settings_amounts_check" CHECK (coalesce("consumption_tax_settings"."base_period_taxable_sales", 0) >= 0 and "consumption_tax_settings"."interim_national" >= 0 and "consumption_tax_settings"."interim_local" >= 0);--> statement-breakpoint
-- Hand-written (ADR 0056): the purchases posted from a received document of a supplier that is not a
-- 適格請求書発行事業者 (no 登録番号, or one the registry had not valid on the date: the posting's memo says
-- 適格請求書以外) take the new 経過措置 税区分 of their rate, the consumption-tax return reading them from the
-- journal. Only the 税区分 changes (no amount, account or date), so the balance trigger (which also refuses
-- lines in locked periods) is off for this one statement; the balance and version triggers still run.
ALTER TABLE "journal_lines" DISABLE TRIGGER "journal_lines_apply";--> statement-breakpoint
UPDATE "journal_lines" l
   SET "tax_category" = CASE l."tax_category" WHEN 'purchase_10' THEN 'purchase_nq_10' ELSE 'purchase_nq_8' END
  FROM "journal_entries" e, "transaction_documents" d
 WHERE e."id" = l."entry_id" AND e."company_id" = l."company_id"
   AND e."source_type" = 'transaction_document' AND d."id" = e."source_id" AND d."company_id" = e."company_id"
   AND l."tax_category" IN ('purchase_10', 'purchase_8')
   AND (d."registration_number" IS NULL OR l."memo" LIKE '%適格請求書以外%');--> statement-breakpoint
ALTER TABLE "journal_lines" ENABLE TRIGGER "journal_lines_apply";
