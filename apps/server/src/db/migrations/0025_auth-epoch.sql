CREATE TABLE "auth_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_epoch_one_row" CHECK ("auth_epoch"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "epoch") VALUES (1, 0);--> statement-breakpoint
-- Hand-written: the changes that alter a signed-in caller increase the epoch in their own transaction
-- (ADR 0028). Columns that change often and alter no caller (last_used_at, last_login_at, locked_until,
-- updated_at, a company's address…) do not.
CREATE FUNCTION auth_epoch_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER api_tokens_auth_epoch_update AFTER UPDATE ON api_tokens FOR EACH ROW
  WHEN (old.revoked_at IS DISTINCT FROM new.revoked_at OR old.replaced_at IS DISTINCT FROM new.replaced_at
    OR old.expires_at IS DISTINCT FROM new.expires_at OR old.user_id IS DISTINCT FROM new.user_id
    OR old.token_hash IS DISTINCT FROM new.token_hash)
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER api_tokens_auth_epoch_delete AFTER DELETE ON api_tokens FOR EACH STATEMENT
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER users_auth_epoch_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (old.role IS DISTINCT FROM new.role OR old.permissions IS DISTINCT FROM new.permissions
    OR old.disabled_at IS DISTINCT FROM new.disabled_at OR old.company_id IS DISTINCT FROM new.company_id
    OR old.name IS DISTINCT FROM new.name OR old.email IS DISTINCT FROM new.email)
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER users_auth_epoch_delete AFTER DELETE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER companies_auth_epoch_update AFTER UPDATE ON companies FOR EACH ROW
  WHEN (old.status IS DISTINCT FROM new.status OR old.domain_id IS DISTINCT FROM new.domain_id
    OR old.name IS DISTINCT FROM new.name OR old.expiration_year IS DISTINCT FROM new.expiration_year
    OR old.max_employee IS DISTINCT FROM new.max_employee OR old.logo_data IS DISTINCT FROM new.logo_data)
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER companies_auth_epoch_delete AFTER DELETE ON companies FOR EACH STATEMENT
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER domains_auth_epoch_update AFTER UPDATE ON domains FOR EACH ROW
  WHEN (old.roles IS DISTINCT FROM new.roles OR old.permissions IS DISTINCT FROM new.permissions
    OR old.name IS DISTINCT FROM new.name OR old.logo_data IS DISTINCT FROM new.logo_data)
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER domains_auth_epoch_delete AFTER DELETE ON domains FOR EACH STATEMENT
  EXECUTE FUNCTION auth_epoch_bump();
