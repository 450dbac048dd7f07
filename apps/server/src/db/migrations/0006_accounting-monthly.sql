CREATE TABLE "account_monthly_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_monthly_balances_company_id_account_id_month_kind_pk" PRIMARY KEY("company_id","account_id","month","kind"),
	CONSTRAINT "account_monthly_balances_month_check" CHECK (extract(day from "account_monthly_balances"."month") = 1),
	CONSTRAINT "account_monthly_balances_check" CHECK ("account_monthly_balances"."debit" >= 0 and "account_monthly_balances"."credit" >= 0 and "account_monthly_balances"."line_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_monthly_balances" ADD CONSTRAINT "account_monthly_balances_account_id_company_id_accounts_id_company_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_monthly_balances_company_month_idx" ON "account_monthly_balances" USING btree ("company_id","month");