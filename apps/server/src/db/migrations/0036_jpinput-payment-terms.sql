ALTER TABLE "customers" ADD COLUMN "payment_month_offset" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_day" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_month_offset_check" CHECK ("customers"."payment_month_offset" between 0 and 2);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_day_check" CHECK ("customers"."payment_day" between 1 and 31);--> statement-breakpoint
-- issue 33: the free 支払条件 text people wrote (「月末締め翌月末払い」「20日締め、翌月10日払い」) becomes the
-- structured terms (core payment-terms.ts parsePaymentTerms reads the same forms); a text it cannot read, or
-- whose 締め日 disagrees with the stored one, is kept as it is.
WITH parsed AS (
  SELECT id, closing_day AS old_closing,
    regexp_match(
      regexp_replace(normalize(payment_terms, NFKC), '[[:space:]、,・]', '', 'g'),
      '^(?:毎月)?(末日|月末|末|[0-9]{1,2}日)締め?(当月|翌月|翌々月)(末日|末|[0-9]{1,2}日)(?:払い?|支払い?|支払|振込)?$'
    ) AS m
  FROM "customers" WHERE payment_terms IS NOT NULL
), terms AS (
  SELECT id, old_closing,
    CASE WHEN m[1] IN ('末日', '月末', '末') THEN 31 ELSE replace(m[1], '日', '')::int END AS closing,
    CASE m[2] WHEN '当月' THEN 0 WHEN '翌月' THEN 1 ELSE 2 END AS month_offset,
    CASE WHEN m[3] IN ('末日', '末') THEN 31 ELSE replace(m[3], '日', '')::int END AS pay
  FROM parsed WHERE m IS NOT NULL
)
UPDATE "customers" c
SET closing_day = t.closing, payment_month_offset = t.month_offset, payment_day = t.pay, payment_terms = NULL
FROM terms t
WHERE c.id = t.id AND t.closing BETWEEN 1 AND 31 AND t.pay BETWEEN 1 AND 31
  AND (t.old_closing IS NULL OR t.old_closing = t.closing);
