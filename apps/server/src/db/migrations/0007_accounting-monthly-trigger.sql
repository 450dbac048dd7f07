-- journal_lines_apply now maintains the monthly sums as well as the daily ones (same transaction);
-- existing daily sums are rolled up once.
CREATE OR REPLACE FUNCTION journal_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE account_monthly_balances m
       SET debit = m.debit - OLD.debit, credit = m.credit - OLD.credit, line_count = m.line_count - 1
     WHERE m.company_id = OLD.company_id AND m.account_id = OLD.account_id
       AND m.month = date_trunc('month', OLD.date)::date AND m.kind = OLD.kind;
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
    INSERT INTO account_monthly_balances AS m (company_id, account_id, month, kind, debit, credit, line_count)
    VALUES (NEW.company_id, NEW.account_id, date_trunc('month', NEW.date)::date, NEW.kind, NEW.debit, NEW.credit, 1)
    ON CONFLICT (company_id, account_id, month, kind) DO UPDATE
      SET debit = m.debit + EXCLUDED.debit, credit = m.credit + EXCLUDED.credit, line_count = m.line_count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO account_monthly_balances (company_id, account_id, month, kind, debit, credit, line_count)
SELECT company_id, account_id, date_trunc('month', date)::date, kind, sum(debit), sum(credit), sum(line_count)
FROM account_daily_balances GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
