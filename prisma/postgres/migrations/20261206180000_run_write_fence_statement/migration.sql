-- PostgreSQL only: the fence of a run's writes as one plain statement.
--
-- The store now locks a batch's fenced runs and compares their lease holders in a statement
-- of its own (lib/db/postgres/run-statements.ts, WRITE.fence), and calls this function only
-- for a run leased to anyone else, to refuse the transaction as switchyard_fence() does
-- (SQLSTATE SYF01, the run's id in DETAIL). The loop of switchyard_fence() cost three to four
-- times the statement's server time per batch. switchyard_fence() stays for processes of the
-- release before, which call it during a rolling upgrade.
--
-- As in the init migration (see its header), the body is an E'' string that spells each of
-- its semicolons as \073: prisma migrate deploy splits a file at every semicolon.
CREATE FUNCTION switchyard_fence_refuse(run_id text) RETURNS integer
LANGUAGE plpgsql AS E'
BEGIN
  RAISE EXCEPTION ''run % is leased to another process'', run_id USING ERRCODE = ''SYF01'', DETAIL = run_id\073
END
';
