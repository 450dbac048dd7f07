-- hand-written: the trigram operator classes come from pg_trgm (trusted since PostgreSQL 13; loaded into PGlite by db/client.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_kana_trgm_idx" ON "customers" USING gin ("name_kana" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transaction_document_files_file_name_trgm_idx" ON "transaction_document_files" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transaction_documents_memo_trgm_idx" ON "transaction_documents" USING gin ("memo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_transaction_lines_description_trgm_idx" ON "sales_transaction_lines" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_transactions_subject_trgm_idx" ON "sales_transactions" USING gin ("subject" gin_trgm_ops);