CREATE TABLE "customer_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"used_1" integer DEFAULT 0 NOT NULL,
	"used_2" integer DEFAULT 0 NOT NULL,
	"used_3" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_check" CHECK ("customer_counts"."used_1" >= 0 and "customer_counts"."used_2" >= 0 and "customer_counts"."used_3" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written: the live customers of a company by used_for, kept in the same transaction as the change
-- (ADR 0030): the customer list's total without a keyword reads this row instead of counting.
CREATE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.company_id = OLD.company_id AND NEW.used_for = OLD.used_for
     AND (NEW.deleted_at IS NULL) = (OLD.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE customer_counts SET used_1 = used_1 - (OLD.used_for = 1)::int, used_2 = used_2 - (OLD.used_for = 2)::int,
      used_3 = used_3 - (OLD.used_for = 3)::int
    WHERE company_id = OLD.company_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    INSERT INTO customer_counts AS c (company_id, used_1, used_2, used_3)
    VALUES (NEW.company_id, (NEW.used_for = 1)::int, (NEW.used_for = 2)::int, (NEW.used_for = 3)::int)
    ON CONFLICT (company_id) DO UPDATE
      SET used_1 = c.used_1 + excluded.used_1, used_2 = c.used_2 + excluded.used_2, used_3 = c.used_3 + excluded.used_3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_counts_apply AFTER INSERT OR DELETE OR UPDATE OF company_id, used_for, deleted_at ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
INSERT INTO customer_counts (company_id, used_1, used_2, used_3)
SELECT company_id, count(*) FILTER (WHERE used_for = 1), count(*) FILTER (WHERE used_for = 2), count(*) FILTER (WHERE used_for = 3)
FROM customers WHERE deleted_at IS NULL GROUP BY company_id;
