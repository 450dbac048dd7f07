-- Tamper-evident audit log (docs/adr/0003-audit-hash-chain.md): one SHA-256 hash chain per company and one
-- for the platform (company_id null). The foreign keys go: ON DELETE SET NULL would rewrite hashed rows.
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
CREATE INDEX "audit_logs_chain_idx" ON "audit_logs" USING btree ("company_id","id");--> statement-breakpoint
-- audit-chain-backfill: chains the rows already present, each chain in id order, with exactly the formula of
-- auditHashSql in apps/server/src/lib/audit.ts (audit-logs.test.ts re-runs this block and compares).
DO $$
DECLARE
  r record;
  chain integer;
  prev varchar(64);
  h varchar(64);
BEGIN
  FOR r IN SELECT * FROM audit_logs ORDER BY coalesce(company_id, 0), id LOOP
    IF chain IS DISTINCT FROM coalesce(r.company_id, 0) THEN
      chain := coalesce(r.company_id, 0);
      prev := repeat('0', 64);
    END IF;
    h := encode(sha256(convert_to(jsonb_build_array(
      r.company_id, r.actor_user_id, r.action, r.target_type, r.target_id, r.before, r.after, r.ip,
      to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), prev
    )::text, 'UTF8')), 'hex');
    UPDATE audit_logs SET prev_hash = prev, hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "hash" SET NOT NULL;
