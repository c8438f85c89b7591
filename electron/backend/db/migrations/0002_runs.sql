-- Evaluation runs: a frozen configuration, the units it asks (question × circular pass), one prediction per unit and
-- a response cache keyed by the exact request. Endpoints and keys are machine-level and never stored here.

CREATE TABLE runs (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  dataset_id   INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  kind         TEXT NOT NULL CHECK (kind IN ('model', 'random', 'human')),
  endpoint     TEXT NOT NULL,
  model        TEXT NOT NULL,
  config       TEXT NOT NULL,                 -- frozen: endpoint snapshot (no key), parameters, template, extractor
  config_hash  TEXT NOT NULL,
  status       TEXT NOT NULL,
  error        TEXT,
  created_by   TEXT,
  created_at   TEXT NOT NULL,
  finished_at  TEXT
);

CREATE TABLE run_units (
  run_id       INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,
  question_id  INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  pass         INTEGER NOT NULL DEFAULT 0,
  options      TEXT NOT NULL,                 -- the options as asked in this pass (rotated for CircularEval)
  answer       TEXT NOT NULL,                 -- JSON array: the gold label of this pass, or accepted open answers
  flag         TEXT,                          -- why a circular question got a single pass
  PRIMARY KEY (run_id, question_id, pass)
) WITHOUT ROWID;
CREATE UNIQUE INDEX run_units_position ON run_units(run_id, position);

CREATE TABLE predictions (
  id           INTEGER PRIMARY KEY,
  run_id       INTEGER NOT NULL,
  question_id  INTEGER NOT NULL,
  pass         INTEGER NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('answered', 'error')),
  raw          TEXT,
  extracted    TEXT,
  extraction   TEXT,
  corrected    TEXT,                          -- a person's reading; the extractor's stays in `extracted`
  corrected_by TEXT,
  correct      INTEGER,                       -- of the corrected value when there is one
  prompt       TEXT,                          -- the user message as sent, images by hash
  judge        TEXT NOT NULL DEFAULT '[]',
  tokens_in    INTEGER,
  tokens_out   INTEGER,
  latency_ms   INTEGER,
  cost         REAL,
  cached       INTEGER NOT NULL DEFAULT 0,
  attempts     INTEGER NOT NULL DEFAULT 1,
  error        TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  FOREIGN KEY (run_id, question_id, pass) REFERENCES run_units(run_id, question_id, pass) ON DELETE CASCADE
);
-- Exactly one prediction per unit: a resumed or retried run can only replace, never add.
CREATE UNIQUE INDEX predictions_unit ON predictions(run_id, question_id, pass);
CREATE INDEX predictions_outcome ON predictions(run_id, status, correct);

CREATE TABLE response_cache (
  key          TEXT PRIMARY KEY,              -- SHA-256 of endpoint URL, model, parameters, messages (images by hash)
  response     TEXT NOT NULL,
  tokens_in    INTEGER,
  tokens_out   INTEGER,
  created_at   TEXT NOT NULL
);
