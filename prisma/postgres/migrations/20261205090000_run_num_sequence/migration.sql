-- PostgreSQL only (SQLite has no counterpart): run numbers from a sequence.
--
-- SQLite numbers a new run MAX(num) + 1 inside its write transaction, and SQLite admits one
-- writer at a time, so two inserts never read the same MAX. PostgreSQL runs transactions side
-- by side, here and in other processes: two could read the same MAX and one would fail on
-- runs_num_key. A sequence hands each insert its own number without holding anything until
-- commit. Numbers stay unique and increasing, gaps (an insert rolled back) are harmless: a
-- run's number only keys its rows and orders runs.
--
-- The column keeps its default of 0, as in SQLite (schema-parity.test.ts): the inserts name
-- nextval('runs_num_seq') themselves. The sequence starts past the runs already stored.
CREATE SEQUENCE "runs_num_seq" AS INTEGER OWNED BY "runs"."num";

SELECT setval('"runs_num_seq"', (SELECT COALESCE(MAX("num"), 0) + 1 FROM "runs"), false);
