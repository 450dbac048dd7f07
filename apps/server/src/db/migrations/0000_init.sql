CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_kana" varchar(255),
	"honorific" varchar(4) DEFAULT '御中' NOT NULL,
	"used_for" smallint DEFAULT 3 NOT NULL,
	"postal_code" varchar(7),
	"prefecture_code" varchar(2),
	"address1" varchar(255),
	"address2" varchar(255),
	"tel" varchar(20),
	"mobile" varchar(20),
	"fax" varchar(20),
	"email" varchar(254),
	"url" varchar(500),
	"contact_person" varchar(100),
	"department" varchar(100),
	"registration_number" varchar(14),
	"closing_day" smallint,
	"payment_terms" varchar(100),
	"memo" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_used_for_check" CHECK ("customers"."used_for" in (1, 2, 3)),
	CONSTRAINT "customers_honorific_check" CHECK ("customers"."honorific" in ('御中', '様')),
	CONSTRAINT "customers_closing_day_check" CHECK ("customers"."closing_day" between 1 and 31),
	CONSTRAINT "customers_postal_code_check" CHECK ("customers"."postal_code" ~ '^[0-9]{7}$'),
	CONSTRAINT "customers_registration_number_check" CHECK ("customers"."registration_number" ~ '^T[0-9]{13}$')
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"ip" "inet",
	"user_agent" varchar(300),
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"actor_user_id" integer,
	"action" varchar(64) NOT NULL,
	"target_type" varchar(64) NOT NULL,
	"target_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_kana" varchar(255),
	"corporate_number" varchar(13),
	"registration_number" varchar(14),
	"representative_name" varchar(100),
	"representative_name_kana" varchar(100),
	"postal_code" varchar(7),
	"prefecture_code" varchar(2),
	"address1" varchar(255),
	"address2" varchar(255),
	"tel" varchar(20),
	"email" varchar(254),
	"capital" integer,
	"fiscal_year_end_month" smallint DEFAULT 3 NOT NULL,
	"business_type" varchar(100),
	"tax_office" varchar(100),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"max_employee" integer DEFAULT 10 NOT NULL,
	"max_employee_cap" integer DEFAULT 50 NOT NULL,
	"expiration_year" smallint DEFAULT 7 NOT NULL,
	"tax_display" varchar(16) DEFAULT 'exclusive' NOT NULL,
	"tax_rounding" varchar(8) DEFAULT 'floor' NOT NULL,
	"logo_data" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('active', 'suspended')),
	CONSTRAINT "companies_fiscal_month_check" CHECK ("companies"."fiscal_year_end_month" between 1 and 12),
	CONSTRAINT "companies_expiration_check" CHECK ("companies"."expiration_year" in (7, 10)),
	CONSTRAINT "companies_max_employee_check" CHECK ("companies"."max_employee" >= 0 and "companies"."max_employee" <= "companies"."max_employee_cap"),
	CONSTRAINT "companies_tax_display_check" CHECK ("companies"."tax_display" in ('inclusive', 'exclusive')),
	CONSTRAINT "companies_tax_rounding_check" CHECK ("companies"."tax_rounding" in ('floor', 'round', 'ceil'))
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"host" varchar(253) NOT NULL,
	"logo_data" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"kind" varchar(16) DEFAULT 'login' NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" varchar(254) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_log_status_check" CHECK ("mail_log"."status" in ('queued', 'sending', 'sent', 'failed', 'logged'))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"name" varchar(100) NOT NULL,
	"password_hash" text,
	"role" varchar(16) NOT NULL,
	"company_id" integer,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'company', 'employee')),
	CONSTRAINT "users_company_role_check" CHECK (("users"."role" = 'admin' and "users"."company_id" is null) or ("users"."role" <> 'admin' and "users"."company_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_id","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","name") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_idx" ON "audit_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_target_idx" ON "audit_logs" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "companies_domain_idx" ON "companies" USING btree ("domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_host_unique" ON "domains" USING btree (lower("host"));--> statement-breakpoint
CREATE UNIQUE INDEX "domains_single_default" ON "domains" USING btree ("is_default") WHERE "domains"."is_default";--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_log_pending_idx" ON "mail_log" USING btree ("next_attempt_at") WHERE "mail_log"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");