CREATE TABLE "list_day_counts" (
	"company_id" integer NOT NULL,
	"list" text NOT NULL,
	"date" date NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "list_day_counts_company_id_list_date_pk" PRIMARY KEY("company_id","list","date"),
	CONSTRAINT "list_day_counts_rows_check" CHECK ("list_day_counts"."rows" >= 0)
);
--> statement-breakpoint
ALTER TABLE "list_day_counts" ADD CONSTRAINT "list_day_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rows per company, list and day of the date-ordered lists that grow with the books, kept in the same
-- transaction as the row (ADR 0032; the journal has its own journal_daily_counts, ADR 0018). An unfiltered
-- list page reads its total and the day it starts on from here instead of count(*) and a long OFFSET.
CREATE OR REPLACE FUNCTION list_day_count_move(
  p_list text, p_old_company integer, p_old_date date, p_old_live boolean,
  p_new_company integer, p_new_date date, p_new_live boolean
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_old_live AND p_new_live AND p_old_company = p_new_company AND p_old_date = p_new_date THEN
    RETURN;
  END IF;
  IF p_old_live THEN
    UPDATE list_day_counts SET rows = rows - 1
    WHERE company_id = p_old_company AND list = p_list AND date = p_old_date;
  END IF;
  IF p_new_live THEN
    INSERT INTO list_day_counts AS c (company_id, list, date, rows) VALUES (p_new_company, p_list, p_new_date, 1)
    ON CONFLICT (company_id, list, date) DO UPDATE SET rows = c.rows + 1;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_day_counts_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_day_count_move('sales',
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.company_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.transaction_date END, TG_OP <> 'INSERT',
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.company_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.transaction_date END, TG_OP <> 'DELETE');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_day_counts_sales AFTER INSERT OR DELETE OR UPDATE OF transaction_date, company_id ON sales_transactions
  FOR EACH ROW EXECUTE FUNCTION list_day_counts_sales();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_day_counts_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_day_count_move('documents',
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.company_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.transaction_date END,
    TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.company_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.transaction_date END,
    TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_day_counts_documents AFTER INSERT OR DELETE OR UPDATE OF transaction_date, company_id, deleted_at ON transaction_documents
  FOR EACH ROW EXECUTE FUNCTION list_day_counts_documents();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_day_counts_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_day_count_move('payments',
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.company_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.date END, TG_OP <> 'INSERT',
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.company_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.date END, TG_OP <> 'DELETE');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_day_counts_payments AFTER INSERT OR DELETE OR UPDATE OF date, company_id ON payments
  FOR EACH ROW EXECUTE FUNCTION list_day_counts_payments();
--> statement-breakpoint
INSERT INTO list_day_counts (company_id, list, date, rows)
SELECT company_id, 'sales', transaction_date, count(*) FROM sales_transactions GROUP BY company_id, transaction_date
UNION ALL
SELECT company_id, 'documents', transaction_date, count(*) FROM transaction_documents WHERE deleted_at IS NULL GROUP BY company_id, transaction_date
UNION ALL
SELECT company_id, 'payments', date, count(*) FROM payments GROUP BY company_id, date;
