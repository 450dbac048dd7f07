ALTER TABLE "audit_logs" ADD COLUMN "key_id" varchar(32);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "mac" varchar(64);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_mac_check" CHECK (("audit_logs"."key_id" is null) = ("audit_logs"."mac" is null));--> statement-breakpoint
-- Hand-written (ADR 0040): rows from here on are signed with a key kept outside the database (key_id, mac);
-- the rows already stored keep their plain hash chain and stay unsigned — verification accepts an unsigned
-- row only before the first signed row and, with a checkpoint, before the checkpoint's keyed_from id.
COMMENT ON COLUMN "audit_logs"."mac" IS 'HMAC-SHA256(key, key_id || '':'' || hash) of lib/audit-keys.ts; null only on rows from before keyed rows started';
