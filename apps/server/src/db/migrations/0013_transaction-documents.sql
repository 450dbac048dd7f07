CREATE TABLE "server_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_document_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_document_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "transaction_document_files_version_unique" UNIQUE("document_id","version"),
	CONSTRAINT "transaction_document_files_version_check" CHECK ("transaction_document_files"."version" > 0),
	CONSTRAINT "transaction_document_files_type_check" CHECK ("transaction_document_files"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "transaction_document_files_size_check" CHECK ("transaction_document_files"."size" between 1 and 10485760),
	CONSTRAINT "transaction_document_files_sha256_check" CHECK ("transaction_document_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "transaction_document_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_document_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"file_id" integer,
	"action" varchar(16) NOT NULL,
	"actor_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_document_history_action_check" CHECK ("transaction_document_history"."action" in ('created', 'updated', 'deleted', 'file_added', 'file_deleted'))
);
--> statement-breakpoint
CREATE TABLE "transaction_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"document_type" smallint NOT NULL,
	"transaction_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration_number" varchar(14),
	"payment_method" smallint DEFAULT 1 NOT NULL,
	"due_date" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"memo" text,
	"account_id" integer,
	"journal_entry_id" integer,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_documents_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "transaction_documents_type_check" CHECK ("transaction_documents"."document_type" in (1, 2, 3, 4, 5, 6, 9)),
	CONSTRAINT "transaction_documents_status_check" CHECK ("transaction_documents"."status" in (0, 1)),
	CONSTRAINT "transaction_documents_payment_method_check" CHECK ("transaction_documents"."payment_method" in (1, 2, 3, 4, 9)),
	CONSTRAINT "transaction_documents_amount_check" CHECK ("transaction_documents"."amount" between 0 and 999999999999),
	CONSTRAINT "transaction_documents_registration_number_check" CHECK ("transaction_documents"."registration_number" is null or "transaction_documents"."registration_number" ~ '^T[0-9]{13}$'),
	CONSTRAINT "transaction_documents_due_date_check" CHECK ("transaction_documents"."due_date" is null or "transaction_documents"."due_date" >= "transaction_documents"."transaction_date"),
	CONSTRAINT "transaction_documents_taxes_check" CHECK (jsonb_typeof("transaction_documents"."taxes") = 'array')
);
--> statement-breakpoint
ALTER TABLE "transaction_document_files" ADD CONSTRAINT "transaction_document_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_document_files" ADD CONSTRAINT "transaction_document_files_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_document_files" ADD CONSTRAINT "transaction_document_files_document_id_company_id_transaction_documents_id_company_id_fk" FOREIGN KEY ("document_id","company_id") REFERENCES "public"."transaction_documents"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_document_history" ADD CONSTRAINT "transaction_document_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_document_history" ADD CONSTRAINT "transaction_document_history_document_id_company_id_transaction_documents_id_company_id_fk" FOREIGN KEY ("document_id","company_id") REFERENCES "public"."transaction_documents"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD CONSTRAINT "transaction_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD CONSTRAINT "transaction_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD CONSTRAINT "transaction_documents_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD CONSTRAINT "transaction_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD CONSTRAINT "transaction_documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_documents" ADD CONSTRAINT "transaction_documents_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_document_files_storage_key_unique" ON "transaction_document_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "transaction_document_files_company_idx" ON "transaction_document_files" USING btree ("company_id","document_id");--> statement-breakpoint
CREATE INDEX "transaction_document_history_document_idx" ON "transaction_document_history" USING btree ("company_id","document_id","id");--> statement-breakpoint
CREATE INDEX "transaction_documents_company_date_idx" ON "transaction_documents" USING btree ("company_id","transaction_date","id") WHERE "transaction_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transaction_documents_company_amount_idx" ON "transaction_documents" USING btree ("company_id","amount","id") WHERE "transaction_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transaction_documents_company_customer_idx" ON "transaction_documents" USING btree ("company_id","customer_id","transaction_date") WHERE "transaction_documents"."deleted_at" is null;--> statement-breakpoint
-- 電子帳簿保存法 integrity: the history is append-only, and a stored file version never changes (only its
-- logical deletion may be recorded, once).
CREATE FUNCTION transaction_document_history_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '発注取引の履歴は変更できません' USING ERRCODE = '23514';
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_document_history_no_update BEFORE UPDATE ON transaction_document_history
  FOR EACH ROW EXECUTE FUNCTION transaction_document_history_immutable();
--> statement-breakpoint
CREATE FUNCTION transaction_document_files_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.company_id <> OLD.company_id OR NEW.document_id <> OLD.document_id
     OR NEW.version <> OLD.version OR NEW.file_name <> OLD.file_name OR NEW.content_type <> OLD.content_type
     OR NEW.size <> OLD.size OR NEW.sha256 <> OLD.sha256 OR NEW.storage_key <> OLD.storage_key
     OR NEW.created_at <> OLD.created_at OR OLD.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION '保存済みのファイルは変更できません（新しい版としてアップロードしてください）' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_document_files_no_change BEFORE UPDATE ON transaction_document_files
  FOR EACH ROW EXECUTE FUNCTION transaction_document_files_immutable();
