ALTER TABLE "bank_accounts" ADD COLUMN "transfer_requester_code" varchar(10);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "transfer_requester_name_kana" varchar(40);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "transfer_bank_name_kana" varchar(100);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "transfer_branch_name_kana" varchar(100);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fee_same_branch_under" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fee_same_branch_over" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fee_same_bank_under" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fee_same_bank_over" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fee_other_bank_under" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fee_other_bank_over" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_code" varchar(4);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_name" varchar(100);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_name_kana" varchar(100);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_branch_code" varchar(3);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_branch_name" varchar(100);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_branch_name_kana" varchar(100);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_account_type" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_account_number" varchar(7);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_holder_kana" varchar(30);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_fee_bearer" varchar(6);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_transfer_requester_code_check" CHECK ("bank_accounts"."transfer_requester_code" ~ '^[0-9]{10}$');--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_transfer_fees_check" CHECK (coalesce("bank_accounts"."fee_same_branch_under", 0) between 0 and 100000 and coalesce("bank_accounts"."fee_same_branch_over", 0) between 0 and 100000
        and coalesce("bank_accounts"."fee_same_bank_under", 0) between 0 and 100000 and coalesce("bank_accounts"."fee_same_bank_over", 0) between 0 and 100000
        and coalesce("bank_accounts"."fee_other_bank_under", 0) between 0 and 100000 and coalesce("bank_accounts"."fee_other_bank_over", 0) between 0 and 100000);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_bank_account_check" CHECK (("customers"."bank_code" is null and "customers"."bank_branch_code" is null and "customers"."bank_account_type" is null and "customers"."bank_account_number" is null and "customers"."bank_holder_kana" is null and "customers"."bank_fee_bearer" is null)
        or ("customers"."bank_code" ~ '^[0-9]{4}$' and "customers"."bank_branch_code" ~ '^[0-9]{3}$' and "customers"."bank_account_type" in (1, 2, 4)
          and "customers"."bank_account_number" ~ '^[0-9]{7}$' and "customers"."bank_holder_kana" <> '' and "customers"."bank_fee_bearer" in ('ours', 'theirs')
          and "customers"."bank_name" is not null and "customers"."bank_branch_name" is not null));