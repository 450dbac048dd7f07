CREATE TABLE "company_journal_totals" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_journal_totals_debit_check" CHECK ("company_journal_totals"."debit" >= 0 and "company_journal_totals"."debit" <= 1000000000000000)
);
--> statement-breakpoint
ALTER TABLE "company_journal_totals" ADD CONSTRAINT "company_journal_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Σ journal_entries.total per company, kept in the same transaction as the entry; an entry taking it past
-- 1,000兆円 is refused (docs/adr/0005-money-range.md). The upsert locks the company's row, like
-- journal_counters already does for the entry number.
CREATE OR REPLACE FUNCTION journal_entries_total_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid integer;
  delta bigint;
  after_total bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    cid := NEW.company_id; delta := NEW.total;
  ELSIF TG_OP = 'DELETE' THEN
    cid := OLD.company_id; delta := -OLD.total;
  ELSE
    cid := NEW.company_id; delta := NEW.total - OLD.total;
  END IF;
  IF delta = 0 THEN
    RETURN NULL;
  END IF;
  -- a company being deleted cascades through here: nothing to keep
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = cid) THEN
    RETURN NULL;
  END IF;
  INSERT INTO company_journal_totals AS t (company_id, debit) VALUES (cid, 0)
  ON CONFLICT (company_id) DO NOTHING;
  SELECT t.debit + delta INTO after_total FROM company_journal_totals t WHERE t.company_id = cid FOR UPDATE;
  IF after_total > 1000000000000000 THEN
    RAISE EXCEPTION '仕訳金額の累計が上限（1,000兆円）を超えるため登録できません' USING ERRCODE = '23514';
  END IF;
  UPDATE company_journal_totals SET debit = after_total WHERE company_id = cid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_total_apply AFTER INSERT OR DELETE OR UPDATE OF total ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entries_total_apply();
--> statement-breakpoint
INSERT INTO company_journal_totals (company_id, debit)
SELECT company_id, sum(total) FROM journal_entries GROUP BY company_id;
