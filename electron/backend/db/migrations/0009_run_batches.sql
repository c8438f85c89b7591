-- The provider batch a run was sent as: its uploaded input file and batch ids, so a restarted process polls the same
-- batch instead of sending (and paying for) the questions again.
CREATE TABLE run_batches (
  run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  input_file_id TEXT NOT NULL,
  batch_id TEXT NOT NULL,
  requests INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
