CREATE TABLE "info_reads" (
	"info_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "info_reads_info_id_user_id_pk" PRIMARY KEY("info_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "infos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "infos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"audience" varchar(16) DEFAULT 'all' NOT NULL,
	"domain_id" integer,
	"company_id" integer,
	"is_important" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infos_audience_check" CHECK ("infos"."audience" in ('all', 'domain', 'company')),
	CONSTRAINT "infos_audience_target_check" CHECK (("infos"."audience" = 'all') or ("infos"."audience" = 'domain' and "infos"."domain_id" is not null) or ("infos"."audience" = 'company' and "infos"."company_id" is not null)),
	CONSTRAINT "infos_period_check" CHECK ("infos"."ends_at" is null or "infos"."ends_at" > "infos"."published_at")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(16) NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(100),
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_name" varchar(255),
	"domain_id" integer,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"company_id" integer,
	"invited_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_kind_check" CHECK ("invitations"."kind" in ('admin', 'company'))
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"service_name" varchar(100),
	"mail_from" varchar(300),
	"default_expiration_year" smallint,
	"default_max_employee" integer,
	"token_ttl_seconds" integer,
	"login_account_failures" integer,
	"login_window_seconds" integer,
	"login_lock_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_single_row" CHECK ("system_settings"."id" = 1),
	CONSTRAINT "system_settings_expiration_check" CHECK ("system_settings"."default_expiration_year" is null or "system_settings"."default_expiration_year" in (7, 10))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "info_reads" ADD CONSTRAINT "info_reads_info_id_infos_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_reads" ADD CONSTRAINT "info_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infos" ADD CONSTRAINT "infos_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infos" ADD CONSTRAINT "infos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infos" ADD CONSTRAINT "infos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "infos_published_idx" ON "infos" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_kind_idx" ON "invitations" USING btree ("kind","created_at");