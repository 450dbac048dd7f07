ALTER TABLE "consumption_tax_settings" ADD COLUMN "base_period_taxable_sales" bigint;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD COLUMN "interim_national" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD COLUMN "interim_local" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD CONSTRAINT "consumption_tax_settings_amounts_check" CHECK (coalesce("consumption_tax_settings"."base_period_taxable_sales", 0) >= 0 and "consumption_tax_settings"."interim_national" >= 0 and "consumption_tax_settings"."interim_local" >= 0);
