-- Accounting integrity that holds whatever writes the tables (not only the API):
--  1. journal_lines_apply (row trigger): keeps account_daily_balances equal to the sums of the lines,
--     in the same transaction, and refuses lines dated inside a locked period (SQLSTATE CB001).
--  2. journal_entries_balanced (DEFERRED constraint triggers on lines and entries): at commit every
--     entry that still exists has ≥ 2 lines, Σdebit = Σcredit = total, and its lines carry its date,
--     kind and company (SQLSTATE 23514).
CREATE FUNCTION journal_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- a company being deleted cascades through here: nothing to keep
    IF NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
      RETURN NULL;
    END IF;
    IF EXISTS (SELECT 1 FROM period_locks l WHERE l.company_id = OLD.company_id
               AND OLD.date BETWEEN l.start_date AND l.end_date) THEN
      RAISE EXCEPTION '締められた期間（%）の仕訳は変更できません。逆仕訳で訂正してください', OLD.date
        USING ERRCODE = 'CB001';
    END IF;
    UPDATE account_daily_balances b
       SET debit = b.debit - OLD.debit, credit = b.credit - OLD.credit, line_count = b.line_count - 1
     WHERE b.company_id = OLD.company_id AND b.account_id = OLD.account_id
       AND b.date = OLD.date AND b.kind = OLD.kind;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM period_locks l WHERE l.company_id = NEW.company_id
               AND NEW.date BETWEEN l.start_date AND l.end_date) THEN
      RAISE EXCEPTION '締められた期間（%）には仕訳を登録できません', NEW.date USING ERRCODE = 'CB001';
    END IF;
    INSERT INTO account_daily_balances AS b (company_id, account_id, date, kind, debit, credit, line_count)
    VALUES (NEW.company_id, NEW.account_id, NEW.date, NEW.kind, NEW.debit, NEW.credit, 1)
    ON CONFLICT (company_id, account_id, date, kind) DO UPDATE
      SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, line_count = b.line_count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_apply AFTER INSERT OR UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_apply();
--> statement-breakpoint
CREATE FUNCTION journal_entry_check(p_entry_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  e record;
  s record;
BEGIN
  SELECT id, number, company_id, date, kind, total INTO e FROM journal_entries WHERE id = p_entry_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT count(*) AS n, coalesce(sum(debit), 0) AS debit, coalesce(sum(credit), 0) AS credit,
         count(*) FILTER (WHERE date <> e.date OR kind <> e.kind OR company_id <> e.company_id) AS mismatched
    INTO s FROM journal_lines WHERE entry_id = p_entry_id;
  IF s.n < 2 THEN
    RAISE EXCEPTION '仕訳 No.% の明細が2行未満です', e.number USING ERRCODE = '23514';
  END IF;
  IF s.debit <> s.credit THEN
    RAISE EXCEPTION '仕訳 No.% の借方合計（%）と貸方合計（%）が一致していません', e.number, s.debit, s.credit
      USING ERRCODE = '23514';
  END IF;
  IF s.debit <> e.total THEN
    RAISE EXCEPTION '仕訳 No.% の合計金額（%）が明細の合計（%）と一致していません', e.number, e.total, s.debit
      USING ERRCODE = '23514';
  END IF;
  IF s.mismatched > 0 THEN
    RAISE EXCEPTION '仕訳 No.% の明細の日付・種別が仕訳と一致していません', e.number USING ERRCODE = '23514';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION journal_lines_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM journal_entry_check(NEW.entry_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND (TG_OP = 'DELETE' OR OLD.entry_id <> NEW.entry_id) THEN
    PERFORM journal_entry_check(OLD.entry_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT OR UPDATE OR DELETE ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_lines_balanced();
--> statement-breakpoint
CREATE FUNCTION journal_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_entry_check(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT OR UPDATE ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entries_balanced();
