-- PostgreSQL only (SQLite has no counterpart: its write transaction holds the database's one
-- write lock, and the store reads the lease inside it): the fence of a run's writes.
--
-- A process writes a run only while the run's lease is its own (engine/ports RunWrite.fence).
-- A group commit calls this first, with each fenced run and the holder its writes expect: it
-- locks those runs' rows, in id order, and refuses the transaction (SQLSTATE SYF01, the run's
-- id in DETAIL) when one is leased to anyone else. The row lock keeps a takeover (an UPDATE of
-- the lease) from committing between the check and the writes, and a takeover that committed
-- first is seen, since a locking read returns the row's newest version. Runs not stored
-- (inserted by the same transaction) are passed over: a write of a missing run fails anyway.
--
-- As in the init migration (see its header), the body is an E'' string that spells each of
-- its semicolons as \073: prisma migrate deploy splits a file at every semicolon.
CREATE FUNCTION switchyard_fence(run_ids text[], holders text[]) RETURNS integer
LANGUAGE plpgsql AS E'
DECLARE
  r record\073
BEGIN
  FOR r IN
    SELECT runs.id, runs.lease_owner, f.holder
      FROM runs JOIN unnest(run_ids, holders) AS f(id, holder) ON f.id = runs.id
     WHERE runs.id = ANY(run_ids)
     ORDER BY runs.id
       FOR NO KEY UPDATE OF runs
  LOOP
    IF r.lease_owner IS DISTINCT FROM r.holder THEN
      RAISE EXCEPTION ''run % is leased to another process'', r.id USING ERRCODE = ''SYF01'', DETAIL = r.id\073
    END IF\073
  END LOOP\073
  RETURN cardinality(run_ids)\073
END
';
