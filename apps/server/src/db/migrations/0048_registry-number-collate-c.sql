-- The registry's 登録番号 compared byte by byte (docs/adr/0060): the database's default collation here is
-- C.UTF-8, which PostgreSQL sorts through strcoll; building registry_entries' primary key over 5 million numbers
-- after a 全件 import took 3 × as long as with COLLATE "C". A T-number is ASCII ('T' and 13 digits): equality and
-- order are the same under both, and joins with customers' and documents' registration_number still compare.
ALTER TABLE "registry_entries" ALTER COLUMN "registration_number" TYPE varchar(14) COLLATE "C";--> statement-breakpoint
ALTER TABLE "registry_staging" ALTER COLUMN "registration_number" TYPE varchar(14) COLLATE "C";
