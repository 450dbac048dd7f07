-- Hand-written (issue 31): the token lookup reads the signed-in employee's 退職日 (plugins/auth.ts), so a
-- change of it, of the employee's sign-in account or of its deletion increases the auth epoch (ADR 0028).
CREATE TRIGGER employees_auth_epoch_insert AFTER INSERT ON employees FOR EACH ROW
  WHEN (new.user_id IS NOT NULL)
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER employees_auth_epoch_update AFTER UPDATE ON employees FOR EACH ROW
  WHEN (old.leave_date IS DISTINCT FROM new.leave_date OR old.user_id IS DISTINCT FROM new.user_id
    OR old.deleted_at IS DISTINCT FROM new.deleted_at)
  EXECUTE FUNCTION auth_epoch_bump();--> statement-breakpoint
CREATE TRIGGER employees_auth_epoch_delete AFTER DELETE ON employees FOR EACH STATEMENT
  EXECUTE FUNCTION auth_epoch_bump();
