CREATE TABLE "ocr_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ocr_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb,
	"corrections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" varchar(64),
	"transaction_document_id" integer,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocr_documents_status_check" CHECK ("ocr_documents"."status" in (0, 1, 2, 3, 4)),
	CONSTRAINT "ocr_documents_progress_check" CHECK ("ocr_documents"."progress" between 0 and 100),
	CONSTRAINT "ocr_documents_registered_check" CHECK (("ocr_documents"."status" = 4) = ("ocr_documents"."transaction_document_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ocr_documents" ADD CONSTRAINT "ocr_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_documents" ADD CONSTRAINT "ocr_documents_transaction_document_id_transaction_documents_id_fk" FOREIGN KEY ("transaction_document_id") REFERENCES "public"."transaction_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_documents" ADD CONSTRAINT "ocr_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocr_documents_company_created_idx" ON "ocr_documents" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ocr_documents_company_status_idx" ON "ocr_documents" USING btree ("company_id","status");