-- Hand-written (ADR 0061): behind a transaction-mode pooler the server's big page statements run through this
-- function instead of going unnamed (parsed and planned on every call). It EXECUTEs the SQL-level prepared
-- statement `p_name` of the backend it runs on and, when that backend has none of that name, PREPAREs it from
-- `p_sql` first — all in the one statement, so in one transaction on one backend: it depends on no state the
-- client believes a backend has (what a pooler breaks, ADR 0049), only on what the backend itself finds. A
-- prepared statement is kept by the backend and the pooler keeps its backends, so its plan outlives the
-- transaction like a named statement's on a direct connection (custom plans first, then a generic one, as
-- PostgreSQL chooses for any prepared statement). The caller names the statement after a hash of its text:
-- one name, one text, whichever server process (or version of it) prepared it. `p_args` are the parameters'
-- values as text (NULL for null), written into the EXECUTE as literals (quote_nullable) and cast by
-- PostgreSQL to the types the statement gave its parameters. The statement must answer exactly one row; the
-- caller gives its columns (`… as t(total int, …)`). A prepared statement whose result type a migration
-- changed under it (0A000 "cached plan must not change result type") is prepared again.
CREATE OR REPLACE FUNCTION "chobo_execute_prepared"(p_name text, p_sql text, p_args text[]) RETURNS record
LANGUAGE plpgsql AS $$
DECLARE
  call text := format('EXECUTE %I', p_name) || coalesce(
    '(' || (SELECT string_agg(quote_nullable(u.a), ',' ORDER BY u.i) FROM unnest(p_args) WITH ORDINALITY u(a, i)) || ')',
    '');
  r record;
BEGIN
  BEGIN
    EXECUTE call INTO r;
  EXCEPTION
    WHEN invalid_sql_statement_name THEN
      EXECUTE format('PREPARE %I AS %s', p_name, p_sql);
      EXECUTE call INTO r;
    WHEN feature_not_supported THEN
      EXECUTE format('DEALLOCATE %I', p_name);
      EXECUTE format('PREPARE %I AS %s', p_name, p_sql);
      EXECUTE call INTO r;
  END;
  RETURN r;
END
$$;
