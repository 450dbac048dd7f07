CREATE TABLE "consumption_tax_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consumption_tax_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"fiscal_year_id" integer NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filled_at" timestamp with time zone,
	"entry_id" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumption_tax_returns_company_fiscal_year_unique" UNIQUE("company_id","fiscal_year_id"),
	CONSTRAINT "consumption_tax_returns_inputs_object_check" CHECK (jsonb_typeof("consumption_tax_returns"."inputs") = 'object'),
	CONSTRAINT "consumption_tax_returns_sources_object_check" CHECK (jsonb_typeof("consumption_tax_returns"."sources") = 'object')
);
--> statement-breakpoint
CREATE TABLE "consumption_tax_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"method" varchar(16) NOT NULL,
	"main_business_type" integer,
	"sales_calc" varchar(16) NOT NULL,
	"purchase_calc" varchar(16) NOT NULL,
	"apportionment" varchar(16),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumption_tax_settings_method_check" CHECK ("consumption_tax_settings"."method" in ('general', 'simplified')),
	CONSTRAINT "consumption_tax_settings_business_type_check" CHECK ("consumption_tax_settings"."main_business_type" is null or "consumption_tax_settings"."main_business_type" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "consumption_tax_returns" ADD CONSTRAINT "consumption_tax_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_tax_returns" ADD CONSTRAINT "consumption_tax_returns_fiscal_year_id_fiscal_years_id_fk" FOREIGN KEY ("fiscal_year_id") REFERENCES "public"."fiscal_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_tax_returns" ADD CONSTRAINT "consumption_tax_returns_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_tax_returns" ADD CONSTRAINT "consumption_tax_returns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_tax_settings" ADD CONSTRAINT "consumption_tax_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;