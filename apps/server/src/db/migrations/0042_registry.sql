CREATE TABLE "registry_entries" (
	"registration_number" varchar(14) PRIMARY KEY NOT NULL,
	"sequence_no" bigint NOT NULL,
	"process_kind" varchar(2) NOT NULL,
	"correct_kind" varchar(1) NOT NULL,
	"person_kind" varchar(1) NOT NULL,
	"domestic_kind" varchar(1) NOT NULL,
	"latest" varchar(1) NOT NULL,
	"registered_on" date,
	"updated_on" date,
	"cancelled_on" date,
	"expired_on" date,
	"address" text,
	"address_prefecture_code" varchar(2),
	"address_city_code" varchar(3),
	"published_address" text,
	"published_prefecture_code" varchar(2),
	"published_city_code" varchar(3),
	"name_kana" text,
	"name" text NOT NULL,
	"domestic_address" text,
	"domestic_prefecture_code" varchar(2),
	"domestic_city_code" varchar(3),
	"trade_name" text,
	"popular_name" text,
	CONSTRAINT "registry_entries_number" CHECK ("registry_entries"."registration_number" ~ '^T[0-9]{13}$'),
	CONSTRAINT "registry_entries_process_kind" CHECK ("registry_entries"."process_kind" in ('01', '02', '03', '04', '99'))
);
--> statement-breakpoint
CREATE TABLE "registry_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(4) NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" text,
	"signature_key" text,
	"signature_verified" varchar(8) DEFAULT 'none' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_changed" integer DEFAULT 0 NOT NULL,
	"rows_deleted" integer DEFAULT 0 NOT NULL,
	"data_date" date,
	"error" text,
	"job_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "registry_imports_kind" CHECK ("registry_imports"."kind" in ('full', 'diff')),
	CONSTRAINT "registry_imports_status" CHECK ("registry_imports"."status" in ('queued', 'processing', 'imported', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "registry_imports" ADD CONSTRAINT "registry_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_imports_created_idx" ON "registry_imports" USING btree ("created_at","id");--> statement-breakpoint
-- The staging table of a registry import (docs/adr/0046): a file's rows are copied here in chunks (COPY on
-- PGlite), checked by the types and constraints below, then merged into registry_entries in ONE transaction.
-- Not in the drizzle schema (no query of the app reads it); emptied before and after every import.
CREATE UNLOGGED TABLE "registry_staging" (
	"sequence_no" bigint NOT NULL,
	"registration_number" varchar(14) NOT NULL CHECK ("registration_number" ~ '^T[0-9]{13}$'),
	"process_kind" varchar(2) NOT NULL CHECK ("process_kind" in ('01', '02', '03', '04', '99')),
	"correct_kind" varchar(1) NOT NULL CHECK ("correct_kind" in ('0', '1')),
	"person_kind" varchar(1) NOT NULL,
	"domestic_kind" varchar(1) NOT NULL,
	"latest" varchar(1) NOT NULL CHECK ("latest" in ('0', '1')),
	"registered_on" date,
	"updated_on" date,
	"cancelled_on" date,
	"expired_on" date,
	"address" text,
	"address_prefecture_code" varchar(2),
	"address_city_code" varchar(3),
	"published_address" text,
	"published_prefecture_code" varchar(2),
	"published_city_code" varchar(3),
	"name_kana" text,
	"name" text NOT NULL,
	"domestic_address" text,
	"domestic_prefecture_code" varchar(2),
	"domestic_city_code" varchar(3),
	"trade_name" text,
	"popular_name" text
);
