CREATE TABLE "tax_return_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"local_rates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"fiscal_year_id" integer NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"book_income" bigint,
	"filled_at" timestamp with time zone,
	"entry_id" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_returns_company_fiscal_year_unique" UNIQUE("company_id","fiscal_year_id"),
	CONSTRAINT "tax_returns_form_object_check" CHECK (jsonb_typeof("tax_returns"."form") = 'object'),
	CONSTRAINT "tax_returns_overrides_object_check" CHECK (jsonb_typeof("tax_returns"."overrides") = 'object'),
	CONSTRAINT "tax_returns_adjustments_array_check" CHECK (jsonb_typeof("tax_returns"."adjustments") = 'array')
);
--> statement-breakpoint
ALTER TABLE "tax_return_settings" ADD CONSTRAINT "tax_return_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_fiscal_year_id_fiscal_years_id_fk" FOREIGN KEY ("fiscal_year_id") REFERENCES "public"."fiscal_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A tax return belongs to a fiscal year of the same company.
CREATE OR REPLACE FUNCTION tax_returns_same_company() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM fiscal_years f WHERE f.id = NEW.fiscal_year_id AND f.company_id = NEW.company_id) THEN
    RAISE EXCEPTION 'tax return of another company''s fiscal year' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tax_returns_same_company BEFORE INSERT OR UPDATE OF company_id, fiscal_year_id ON tax_returns
  FOR EACH ROW EXECUTE FUNCTION tax_returns_same_company();
