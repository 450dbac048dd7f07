ALTER TABLE "companies" ADD COLUMN "invoice_mail_subject" varchar(200);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_mail_body" text;--> statement-breakpoint
ALTER TABLE "mail_log" ADD COLUMN "cc" text;--> statement-breakpoint
ALTER TABLE "mail_log" ADD COLUMN "bcc" text;