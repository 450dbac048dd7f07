CREATE TABLE "journal_daily_counts" (
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_daily_counts_company_id_date_pk" PRIMARY KEY("company_id","date"),
	CONSTRAINT "journal_daily_counts_entries_check" CHECK ("journal_daily_counts"."entries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journal_daily_counts" ADD CONSTRAINT "journal_daily_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The entries per company and day, kept in the same transaction as the entry (ADR 0018): the journal list
-- reads its total and the day a page starts on from here instead of counting the company's entries.
CREATE OR REPLACE FUNCTION journal_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id AND NEW.date = OLD.date THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE journal_daily_counts SET entries = entries - 1 WHERE company_id = OLD.company_id AND date = OLD.date;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO journal_daily_counts AS c (company_id, date, entries) VALUES (NEW.company_id, NEW.date, 1)
    ON CONFLICT (company_id, date) DO UPDATE SET entries = c.entries + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_daily_counts_apply AFTER INSERT OR DELETE OR UPDATE OF date, company_id ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_daily_counts_apply();
--> statement-breakpoint
INSERT INTO journal_daily_counts (company_id, date, entries)
SELECT company_id, date, count(*) FROM journal_entries GROUP BY company_id, date;
