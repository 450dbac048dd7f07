ALTER TABLE "transaction_document_files" DROP CONSTRAINT "transaction_document_files_type_check";--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD COLUMN "einvoice_findings" jsonb;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_document_files" ADD CONSTRAINT "transaction_document_files_type_check" CHECK ("transaction_document_files"."content_type" in ('application/pdf', 'image/jpeg', 'image/png', 'application/xml'));