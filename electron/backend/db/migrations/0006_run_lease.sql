-- One executor per run: the process that asks a run's questions holds its lease, renews it while it runs (heartbeat)
-- and drops it when the run stops. Another process (a second `anchor eval`, the studio's Resume) sees who holds it
-- and refuses; a lease whose holder stopped renewing it is taken over once it has expired.

CREATE TABLE run_leases (
  run_id       INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  holder       TEXT NOT NULL,                 -- a random token per launch: a process may run several runs
  pid          INTEGER NOT NULL,
  host         TEXT NOT NULL,
  started_at   TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL,
  expires_at   INTEGER NOT NULL               -- Unix ms; past it, anyone may take the run over
);
