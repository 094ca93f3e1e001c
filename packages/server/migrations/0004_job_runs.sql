-- When each periodic job last started, and where. A process runs a job only after claiming its row
-- (last started at least a period ago), so that across every process on this database, and across
-- restarts, a job runs at most once per period.

CREATE TABLE job_runs (
  name text COLLATE "C" PRIMARY KEY,
  last_started_at timestamptz NOT NULL,
  runs bigint NOT NULL DEFAULT 0,
  -- hostname:pid of the process that ran it last, for operators.
  ran_by text NOT NULL
);
