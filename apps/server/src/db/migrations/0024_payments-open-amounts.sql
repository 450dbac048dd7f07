CREATE TABLE "invoice_open_sums" (
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "invoice_open_sums_company_id_customer_id_due_date_pk" PRIMARY KEY("company_id","customer_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_open_sums" ADD CONSTRAINT "invoice_open_sums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- payments.bank_account_id was the 1-based position in the mirrored companies.bank_accounts list (its order:
-- the invoice account first, then sort_order, id); it becomes bank_accounts.id.
UPDATE "payments" p SET "bank_account_id" = (
  SELECT b.id FROM "bank_accounts" b WHERE b.company_id = p.company_id
  ORDER BY b.on_invoice DESC, b.sort_order, b.id OFFSET p.bank_account_id - 1 LIMIT 1)
WHERE p.bank_account_id IS NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "bank_statement_row_id" = NULL
WHERE p.bank_statement_row_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "bank_statement_rows" r WHERE r.id = p.bank_statement_row_id AND r.company_id = p.company_id);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_statement_row_id_bank_statement_rows_id_fk" FOREIGN KEY ("bank_statement_row_id") REFERENCES "public"."bank_statement_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_documents_open_idx" ON "transaction_documents" USING btree ("company_id","customer_id","due_date","transaction_date") WHERE "transaction_documents"."deleted_at" is null and "transaction_documents"."status" = 0 and "transaction_documents"."amount" > "transaction_documents"."paid_amount";--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("company_id","issue_date") WHERE "invoices"."status" in ('issued', 'sent') and "invoices"."total" > "invoices"."paid_amount";--> statement-breakpoint
CREATE INDEX "sales_transactions_open_idx" ON "sales_transactions" USING btree ("company_id","customer_id","due_date","transaction_date") WHERE "sales_transactions"."status" <> 3 and "sales_transactions"."total" > "sales_transactions"."paid_amount";
--> statement-breakpoint
-- Hand-written: paid_amount = Σ payment_allocations of the document, kept by the allocation rows themselves
-- (every insert / update / delete, including the cascade when a payment is deleted), so the aging report
-- and the open items read total − paid_amount from one indexed row instead of summing allocations.
UPDATE "invoices" x SET "paid_amount" = s.amount FROM (
  SELECT invoice_id AS id, sum(amount) AS amount FROM "payment_allocations" WHERE invoice_id IS NOT NULL GROUP BY invoice_id
) s WHERE x.id = s.id;--> statement-breakpoint
UPDATE "sales_transactions" x SET "paid_amount" = s.amount FROM (
  SELECT transaction_id AS id, sum(amount) AS amount FROM "payment_allocations" WHERE transaction_id IS NOT NULL GROUP BY transaction_id
) s WHERE x.id = s.id;--> statement-breakpoint
UPDATE "transaction_documents" x SET "paid_amount" = s.amount FROM (
  SELECT transaction_document_id AS id, sum(amount) AS amount FROM "payment_allocations"
  WHERE transaction_document_id IS NOT NULL GROUP BY transaction_document_id
) s WHERE x.id = s.id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_allocations_paid_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF OLD.invoice_id IS NOT NULL THEN
      UPDATE invoices SET paid_amount = paid_amount - OLD.amount WHERE id = OLD.invoice_id;
    ELSIF OLD.transaction_id IS NOT NULL THEN
      UPDATE sales_transactions SET paid_amount = paid_amount - OLD.amount WHERE id = OLD.transaction_id;
    ELSE
      UPDATE transaction_documents SET paid_amount = paid_amount - OLD.amount WHERE id = OLD.transaction_document_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.invoice_id IS NOT NULL THEN
      UPDATE invoices SET paid_amount = paid_amount + NEW.amount WHERE id = NEW.invoice_id;
    ELSIF NEW.transaction_id IS NOT NULL THEN
      UPDATE sales_transactions SET paid_amount = paid_amount + NEW.amount WHERE id = NEW.transaction_id;
    ELSE
      UPDATE transaction_documents SET paid_amount = paid_amount + NEW.amount WHERE id = NEW.transaction_document_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_allocations_paid_amount AFTER INSERT OR UPDATE OR DELETE ON payment_allocations
  FOR EACH ROW EXECUTE FUNCTION payment_allocations_paid_amount();--> statement-breakpoint
-- Only that trigger writes paid_amount: a new document starts at 0 whatever the insert says (a copied row),
-- and a document cannot be made smaller than what is allocated to it, nor voided / deleted while allocated.
CREATE OR REPLACE FUNCTION paid_amount_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc_total bigint;
  old_total bigint;
  gone boolean;
  was_gone boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.paid_amount := 0;
    RETURN NEW;
  END IF;
  IF NEW.paid_amount = 0 THEN RETURN NEW; END IF;
  IF TG_TABLE_NAME = 'transaction_documents' THEN
    doc_total := NEW.amount; old_total := OLD.amount;
    gone := NEW.deleted_at IS NOT NULL; was_gone := OLD.deleted_at IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'invoices' THEN
    doc_total := NEW.total; old_total := OLD.total;
    gone := NEW.status::text IN ('void', 'draft'); was_gone := OLD.status::text IN ('void', 'draft');
  ELSE
    doc_total := NEW.total; old_total := OLD.total;
    gone := false; was_gone := false;
  END IF;
  -- only a change of the document itself is checked here (over-allocation is the deferred check's)
  IF gone AND NOT was_gone THEN
    RAISE EXCEPTION '入出金が消し込まれているため取り消せません（消込額 %円）。先に入出金管理で消込を外してください', NEW.paid_amount
      USING ERRCODE = '23514';
  END IF;
  IF doc_total IS DISTINCT FROM old_total AND NEW.paid_amount > doc_total THEN
    RAISE EXCEPTION '金額（%円）を消込済みの額（%円）より小さくできません。先に入出金管理で消込を外してください', doc_total, NEW.paid_amount
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_paid_amount_guard BEFORE INSERT OR UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION paid_amount_guard();--> statement-breakpoint
CREATE TRIGGER sales_transactions_paid_amount_guard BEFORE INSERT OR UPDATE ON sales_transactions
  FOR EACH ROW EXECUTE FUNCTION paid_amount_guard();--> statement-breakpoint
CREATE TRIGGER transaction_documents_paid_amount_guard BEFORE INSERT OR UPDATE ON transaction_documents
  FOR EACH ROW EXECUTE FUNCTION paid_amount_guard();--> statement-breakpoint
-- invoice_open_sums: each invoice adds (total − paid_amount, 1) to its (customer, due date) while it is issued
-- or sent and not settled; every change of an invoice takes out what it added and adds what it adds now.
CREATE OR REPLACE FUNCTION invoice_open_sums_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.total = OLD.total
     AND NEW.paid_amount = OLD.paid_amount AND NEW.customer_id = OLD.customer_id
     AND NEW.due_date IS NOT DISTINCT FROM OLD.due_date AND NEW.issue_date = OLD.issue_date THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status IN ('issued', 'sent') AND OLD.total > OLD.paid_amount THEN
    UPDATE invoice_open_sums SET amount = amount - (OLD.total - OLD.paid_amount), n = n - 1
    WHERE company_id = OLD.company_id AND customer_id = OLD.customer_id
      AND due_date = coalesce(OLD.due_date, OLD.issue_date);
    DELETE FROM invoice_open_sums WHERE company_id = OLD.company_id AND customer_id = OLD.customer_id
      AND due_date = coalesce(OLD.due_date, OLD.issue_date) AND n = 0;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('issued', 'sent') AND NEW.total > NEW.paid_amount THEN
    INSERT INTO invoice_open_sums AS s (company_id, customer_id, due_date, amount, n)
    VALUES (NEW.company_id, NEW.customer_id, coalesce(NEW.due_date, NEW.issue_date), NEW.total - NEW.paid_amount, 1)
    ON CONFLICT (company_id, customer_id, due_date) DO UPDATE SET amount = s.amount + EXCLUDED.amount, n = s.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_open_sums_keep AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_open_sums_keep();--> statement-breakpoint
INSERT INTO invoice_open_sums (company_id, customer_id, due_date, amount, n)
SELECT company_id, customer_id, coalesce(due_date, issue_date), sum(total - paid_amount), count(*)
FROM invoices WHERE status IN ('issued', 'sent') AND total > paid_amount
GROUP BY 1, 2, 3;
