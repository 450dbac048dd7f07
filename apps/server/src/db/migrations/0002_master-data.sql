CREATE TABLE "email_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"new_email" varchar(254) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer,
	"code" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_kana" varchar(100),
	"email" varchar(254),
	"hire_date" date,
	"leave_date" date,
	"employment_type" varchar(16) DEFAULT 'full_time' NOT NULL,
	"department" varchar(100),
	"daily_hours_milli" integer,
	"memo" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_employment_type_check" CHECK ("employees"."employment_type" in ('full_time', 'part_time', 'contract', 'temporary', 'executive')),
	CONSTRAINT "employees_daily_hours_check" CHECK ("employees"."daily_hours_milli" is null or "employees"."daily_hours_milli" between 1 and 24000),
	CONSTRAINT "employees_dates_check" CHECK ("employees"."leave_date" is null or "employees"."hire_date" is null or "employees"."leave_date" >= "employees"."hire_date")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"unit" varchar(20),
	"unit_price" integer NOT NULL,
	"tax_category" varchar(16) NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tax_category_check" CHECK ("products"."tax_category" in ('10', '8', 'exempt', 'out_of_scope')),
	CONSTRAINT "products_unit_price_check" CHECK ("products"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "work_start_time" varchar(5) DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "work_end_time" varchar(5) DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "break_minutes" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "statutory_holiday" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closing_day" smallint DEFAULT 31 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_hash_unique" ON "email_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_code_unique" ON "employees" USING btree ("company_id","code") WHERE "employees"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_unique" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employees_company_idx" ON "employees" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_code_unique" ON "products" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_work_rules_check" CHECK ("companies"."break_minutes" between 0 and 480 and "companies"."statutory_holiday" between 0 and 6 and "companies"."closing_day" between 1 and 31);