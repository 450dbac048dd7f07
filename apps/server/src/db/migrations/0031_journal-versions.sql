CREATE TABLE "journal_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_versions" ADD CONSTRAINT "journal_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (ADR 0037): the journal's version per company, what the journal list keeps its pages in memory
-- under. Set at COMMIT by deferred constraint triggers, so the row is the last thing a transaction locks (no
-- lock-order cycle with the counters and totals posting locks first) and once per transaction and company
-- (a transaction-local flag). Values come from a sequence: never reused, even by a transaction rolled back.
CREATE SEQUENCE "journal_version_seq";
--> statement-breakpoint
CREATE FUNCTION journal_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    cid := OLD.company_id;
  ELSE
    cid := NEW.company_id;
  END IF;
  IF cid IS NULL OR current_setting('chobo.journal_version_' || cid, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('chobo.journal_version_' || cid, '1', true);
  -- a company being deleted cascades through here: nothing to keep
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = cid) THEN
    RETURN NULL;
  END IF;
  INSERT INTO journal_versions AS v (company_id, version) VALUES (cid, nextval('journal_version_seq'))
  ON CONFLICT (company_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_version AFTER INSERT OR UPDATE OR DELETE ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_version AFTER INSERT OR UPDATE OR DELETE ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER period_locks_version AFTER INSERT OR UPDATE OR DELETE ON period_locks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounts_version_update AFTER UPDATE OF code, name ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (old.code IS DISTINCT FROM new.code OR old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION journal_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounts_version_delete AFTER DELETE ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customers_version_update AFTER UPDATE OF name ON customers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION journal_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customers_version_delete AFTER DELETE ON customers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_version_bump();
