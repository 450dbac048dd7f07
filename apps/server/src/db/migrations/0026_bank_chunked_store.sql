ALTER TABLE "bank_statement_imports" ADD COLUMN "unconfirmed_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "unconfirmed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "job_id" varchar(64);--> statement-breakpoint
-- Hand-written (docs/adr/0027): each import's unconfirmed rows and their amount, kept by STATEMENT triggers
-- with transition tables on bank_statement_rows — one UPDATE of the imports per INSERT / UPDATE / DELETE
-- statement, whatever its number of rows (a chunk of 5,000 rows costs one grouped scan, not 5,000 trigger
-- calls). The home's 未確定の銀行明細 sums them over the company's imported imports.
CREATE FUNCTION "bank_rows_unconfirmed_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE bank_statement_imports i
      SET unconfirmed_rows = i.unconfirmed_rows + d.c, unconfirmed_amount = i.unconfirmed_amount + d.a
      FROM (SELECT import_id, count(*)::int AS c, sum(amount)::bigint AS a FROM new_rows
            WHERE status = 'unconfirmed' GROUP BY import_id) d
      WHERE i.id = d.import_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE bank_statement_imports i
      SET unconfirmed_rows = i.unconfirmed_rows - d.c, unconfirmed_amount = i.unconfirmed_amount - d.a
      FROM (SELECT import_id, count(*)::int AS c, sum(amount)::bigint AS a FROM old_rows
            WHERE status = 'unconfirmed' GROUP BY import_id) d
      WHERE i.id = d.import_id;
  ELSE
    UPDATE bank_statement_imports i
      SET unconfirmed_rows = i.unconfirmed_rows + d.c, unconfirmed_amount = i.unconfirmed_amount + d.a
      FROM (SELECT import_id, sum(c)::int AS c, sum(a)::bigint AS a FROM (
              SELECT import_id, 1 AS c, amount AS a FROM new_rows WHERE status = 'unconfirmed'
              UNION ALL
              SELECT import_id, -1, -amount FROM old_rows WHERE status = 'unconfirmed') x
            GROUP BY import_id) d
      WHERE i.id = d.import_id AND (d.c <> 0 OR d.a <> 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_rows_unconfirmed_ins" AFTER INSERT ON "bank_statement_rows"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_rows_unconfirmed_count"();--> statement-breakpoint
CREATE TRIGGER "bank_rows_unconfirmed_upd" AFTER UPDATE ON "bank_statement_rows"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_rows_unconfirmed_count"();--> statement-breakpoint
CREATE TRIGGER "bank_rows_unconfirmed_del" AFTER DELETE ON "bank_statement_rows"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_rows_unconfirmed_count"();--> statement-breakpoint
UPDATE "bank_statement_imports" i SET "unconfirmed_rows" = s.c, "unconfirmed_amount" = s.a
  FROM (SELECT import_id, count(*)::int AS c, sum(amount)::bigint AS a FROM "bank_statement_rows"
        WHERE status = 'unconfirmed' GROUP BY import_id) s
  WHERE i.id = s.import_id;
