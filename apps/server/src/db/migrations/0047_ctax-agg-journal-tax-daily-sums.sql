-- Hand-written (ADR 0059): the consumption-tax return's 「帳簿から作成」 reads the journal's taxable lines per day,
-- account and 税区分 from journal_tax_daily_sums instead of scanning every line of the year. A row holds, for the
-- lines of that key (every 税区分 but 'none'): amount = Σ(credit − debit), n = the number of lines, and tax =
-- Σ(credit − debit) of each line's paired tax line — the line at line_no + 1 of the same entry when it is
-- 対象外 ('none') on a 仮受消費税等 / 仮払消費税等 account (system_key received_ / prepaid_consumption_tax),
-- exactly the pairing of the line scan it replaces (consumption-tax-fill.ts journalLineScanQuery).
--
-- Kept exact whatever writes journal_lines, in the same transaction: statement-level AFTER triggers with
-- transition tables. The sums decompose by entry (a line pairs only inside its entry), so each statement
-- recomputes the entries it touched twice — as they are after it (the table) and as they were before it (the
-- table without the new rows, plus the old rows) — and adds the difference. A taxable line and its tax line may
-- so arrive, change or go in one statement or in different ones (an UPDATE may even move a line to another entry
-- or line number): each statement's difference is exact, so their sum is. A change of an account's system_key
-- (which lines are tax lines) recomputes the company's rows. Zero rows (n = 0) may stay behind; readers skip them.
-- Locked periods are refused by journal_lines_apply (row trigger, before these run); a company being deleted
-- cascades through here and writes nothing (its rows go with its accounts).
CREATE TABLE "journal_tax_daily_sums" (
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"account_id" integer NOT NULL,
	"tax_category" varchar(16) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_tax_daily_sums_pk" PRIMARY KEY("company_id","date","account_id","tax_category")
);
--> statement-breakpoint
ALTER TABLE "journal_tax_daily_sums" ADD CONSTRAINT "journal_tax_daily_sums_account_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_tax_daily_sums_account_idx" ON "journal_tax_daily_sums" USING btree ("account_id");--> statement-breakpoint
-- The sums recomputed from the lines (one company, or every one when null): the backfill, the rebuild after a
-- system_key change, and the benchmark's bulk load.
CREATE FUNCTION journal_tax_daily_sums_of(p_company integer)
RETURNS TABLE (company_id integer, date date, account_id integer, tax_category varchar, amount bigint, n integer, tax bigint)
LANGUAGE sql STABLE AS $$
  SELECT l.company_id, l.date, l.account_id, l.tax_category, sum(l.credit - l.debit)::bigint, count(*)::int,
         coalesce(sum(t.credit - t.debit), 0)::bigint
  FROM journal_lines l
  LEFT JOIN (journal_lines t JOIN accounts a ON a.id = t.account_id
             AND a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax'))
    ON t.entry_id = l.entry_id AND t.line_no = l.line_no + 1 AND t.tax_category = 'none'
  WHERE l.tax_category <> 'none' AND (p_company IS NULL OR l.company_id = p_company)
  GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
CREATE FUNCTION journal_tax_daily_sums_rebuild(p_company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM journal_tax_daily_sums s WHERE s.company_id = p_company;
  INSERT INTO journal_tax_daily_sums (company_id, date, account_id, tax_category, amount, n, tax)
  SELECT * FROM journal_tax_daily_sums_of(p_company);
END $$;
--> statement-breakpoint
-- One function for the three statement triggers (each names only the transition tables its event has).
-- x: a state's taxable lines; t: its tax lines; +1 after the statement, −1 before it.
CREATE FUNCTION journal_tax_daily_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (each branch first: a statement whose rows are neither taxable nor on a tax account changes no pair — line
  -- numbers are not shifted by others' inserts or deletes — so most non-sales postings return at once)
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_lines n LEFT JOIN accounts a ON a.id = n.account_id
       WHERE n.tax_category <> 'none' OR a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')) THEN
      RETURN NULL;
    END IF;
    INSERT INTO journal_tax_daily_sums AS s (company_id, date, account_id, tax_category, amount, n, tax)
    WITH post AS (
      SELECT l.id, l.company_id, l.entry_id, l.line_no, l.date, l.account_id, l.tax_category, l.credit - l.debit AS amount
      FROM journal_lines l WHERE l.entry_id IN (SELECT entry_id FROM new_lines)
    ), states AS (
      SELECT 1 AS sign, p.* FROM post p
      UNION ALL
      SELECT -1, p.* FROM post p WHERE p.id NOT IN (SELECT id FROM new_lines)
    ), t AS (
      SELECT st.sign, st.entry_id, st.line_no, st.amount FROM states st
      JOIN accounts a ON a.id = st.account_id AND a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')
      WHERE st.tax_category = 'none'
    )
    SELECT x.company_id, x.date, x.account_id, x.tax_category, sum(x.sign * x.amount), sum(x.sign),
           coalesce(sum(x.sign * t.amount), 0)
    FROM states x LEFT JOIN t ON t.sign = x.sign AND t.entry_id = x.entry_id AND t.line_no = x.line_no + 1
    WHERE x.tax_category <> 'none'
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.sign) <> 0 OR sum(x.sign * x.amount) <> 0 OR coalesce(sum(x.sign * t.amount), 0) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, date, account_id, tax_category) DO UPDATE
      SET amount = s.amount + excluded.amount, n = s.n + excluded.n, tax = s.tax + excluded.tax;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_lines o LEFT JOIN accounts a ON a.id = o.account_id
       WHERE o.tax_category <> 'none' OR a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')) THEN
      RETURN NULL;
    END IF;
    INSERT INTO journal_tax_daily_sums AS s (company_id, date, account_id, tax_category, amount, n, tax)
    WITH post AS (
      SELECT l.id, l.company_id, l.entry_id, l.line_no, l.date, l.account_id, l.tax_category, l.credit - l.debit AS amount
      FROM journal_lines l WHERE l.entry_id IN (SELECT entry_id FROM old_lines)
    ), states AS (
      SELECT 1 AS sign, p.* FROM post p
      UNION ALL
      SELECT -1, p.* FROM post p
      UNION ALL
      SELECT -1, o.id, o.company_id, o.entry_id, o.line_no, o.date, o.account_id, o.tax_category, o.credit - o.debit
      FROM old_lines o
    ), t AS (
      SELECT st.sign, st.entry_id, st.line_no, st.amount FROM states st
      JOIN accounts a ON a.id = st.account_id AND a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')
      WHERE st.tax_category = 'none'
    )
    SELECT x.company_id, x.date, x.account_id, x.tax_category, sum(x.sign * x.amount), sum(x.sign),
           coalesce(sum(x.sign * t.amount), 0)
    FROM states x LEFT JOIN t ON t.sign = x.sign AND t.entry_id = x.entry_id AND t.line_no = x.line_no + 1
    -- a company being deleted: its rows go with its accounts, nothing to write
    WHERE x.tax_category <> 'none' AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.sign) <> 0 OR sum(x.sign * x.amount) <> 0 OR coalesce(sum(x.sign * t.amount), 0) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, date, account_id, tax_category) DO UPDATE
      SET amount = s.amount + excluded.amount, n = s.n + excluded.n, tax = s.tax + excluded.tax;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_lines n LEFT JOIN accounts a ON a.id = n.account_id
       WHERE n.tax_category <> 'none' OR a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')) AND NOT EXISTS (SELECT 1 FROM old_lines o LEFT JOIN accounts a ON a.id = o.account_id
       WHERE o.tax_category <> 'none' OR a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')) THEN
      RETURN NULL;
    END IF;
    INSERT INTO journal_tax_daily_sums AS s (company_id, date, account_id, tax_category, amount, n, tax)
    WITH post AS (
      SELECT l.id, l.company_id, l.entry_id, l.line_no, l.date, l.account_id, l.tax_category, l.credit - l.debit AS amount
      FROM journal_lines l
      WHERE l.entry_id IN (SELECT entry_id FROM new_lines UNION SELECT entry_id FROM old_lines)
    ), states AS (
      SELECT 1 AS sign, p.* FROM post p
      UNION ALL
      SELECT -1, p.* FROM post p WHERE p.id NOT IN (SELECT id FROM new_lines)
      UNION ALL
      SELECT -1, o.id, o.company_id, o.entry_id, o.line_no, o.date, o.account_id, o.tax_category, o.credit - o.debit
      FROM old_lines o
    ), t AS (
      SELECT st.sign, st.entry_id, st.line_no, st.amount FROM states st
      JOIN accounts a ON a.id = st.account_id AND a.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')
      WHERE st.tax_category = 'none'
    )
    SELECT x.company_id, x.date, x.account_id, x.tax_category, sum(x.sign * x.amount), sum(x.sign),
           coalesce(sum(x.sign * t.amount), 0)
    FROM states x LEFT JOIN t ON t.sign = x.sign AND t.entry_id = x.entry_id AND t.line_no = x.line_no + 1
    WHERE x.tax_category <> 'none' AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.sign) <> 0 OR sum(x.sign * x.amount) <> 0 OR coalesce(sum(x.sign * t.amount), 0) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, date, account_id, tax_category) DO UPDATE
      SET amount = s.amount + excluded.amount, n = s.n + excluded.n, tax = s.tax + excluded.tax;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_tax_sums_insert AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_tax_daily_sums_apply();
--> statement-breakpoint
CREATE TRIGGER journal_lines_tax_sums_update AFTER UPDATE ON journal_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_tax_daily_sums_apply();
--> statement-breakpoint
CREATE TRIGGER journal_lines_tax_sums_delete AFTER DELETE ON journal_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_tax_daily_sums_apply();
--> statement-breakpoint
-- which lines are tax lines follows the accounts' system_key: a change recomputes that company's sums
CREATE FUNCTION accounts_tax_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_tax_daily_sums_rebuild(NEW.company_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_tax_sums_key AFTER UPDATE OF system_key ON accounts FOR EACH ROW
  WHEN (old.system_key IS DISTINCT FROM new.system_key
        AND (old.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')
             OR new.system_key IN ('received_consumption_tax', 'prepaid_consumption_tax')))
  EXECUTE FUNCTION accounts_tax_key_changed();
--> statement-breakpoint
-- TRUNCATE journal_lines (a DBA's) empties the sums with it
CREATE FUNCTION journal_tax_daily_sums_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM journal_tax_daily_sums;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_tax_sums_truncate AFTER TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_tax_daily_sums_truncate();
--> statement-breakpoint
INSERT INTO journal_tax_daily_sums (company_id, date, account_id, tax_category, amount, n, tax)
SELECT * FROM journal_tax_daily_sums_of(NULL);
