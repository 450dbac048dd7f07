CREATE TABLE "journal_monthly_counts" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_monthly_counts_company_id_month_pk" PRIMARY KEY("company_id","month"),
	CONSTRAINT "journal_monthly_counts_entries_check" CHECK ("journal_monthly_counts"."entries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journal_monthly_counts" ADD CONSTRAINT "journal_monthly_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written: the monthly counts follow the daily counts row by row (ADR 0030), whoever writes those (the
-- trigger on journal_entries, or the seed's set-based upsert while that trigger is off).
CREATE FUNCTION journal_monthly_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id
     AND date_trunc('month', NEW.date) = date_trunc('month', OLD.date) THEN
    IF NEW.entries <> OLD.entries THEN
      UPDATE journal_monthly_counts SET entries = entries + (NEW.entries - OLD.entries)
      WHERE company_id = NEW.company_id AND month = date_trunc('month', NEW.date)::date;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE journal_monthly_counts SET entries = entries - OLD.entries
    WHERE company_id = OLD.company_id AND month = date_trunc('month', OLD.date)::date;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO journal_monthly_counts AS m (company_id, month, entries)
    VALUES (NEW.company_id, date_trunc('month', NEW.date)::date, NEW.entries)
    ON CONFLICT (company_id, month) DO UPDATE SET entries = m.entries + excluded.entries;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_monthly_counts_apply AFTER INSERT OR DELETE OR UPDATE ON journal_daily_counts
  FOR EACH ROW EXECUTE FUNCTION journal_monthly_counts_apply();
--> statement-breakpoint
INSERT INTO journal_monthly_counts (company_id, month, entries)
SELECT company_id, date_trunc('month', date)::date, sum(entries) FROM journal_daily_counts
GROUP BY company_id, date_trunc('month', date)::date;
