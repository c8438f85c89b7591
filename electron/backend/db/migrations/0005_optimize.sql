-- TP-Eval prompt customisation: one optimisation per (target model, task), every candidate prompt it tried with its
-- scores and introspection, and every helper-model call (optimizer, analyzer, embeddings) with its cost. The target
-- model's answers are ordinary runs on the few-shot set, linked here, so the engine, its cache and extraction serve
-- both and every call stays visible.

CREATE TABLE optimizations (
  id             INTEGER PRIMARY KEY,
  dataset_id     INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  name           TEXT NOT NULL,
  task           TEXT NOT NULL,                   -- the category optimised, or a label of the filter
  config         TEXT NOT NULL,                   -- JSON, frozen at creation (models, mode, parameters, p0, D_few)
  status         TEXT NOT NULL CHECK (status IN ('running', 'paused', 'done', 'failed', 'cancelled')),
  round          INTEGER NOT NULL DEFAULT 0,
  chosen_id      INTEGER,                         -- the candidate chosen by re-ranking with α*
  test_original  INTEGER REFERENCES runs(id) ON DELETE SET NULL,   -- the held-out test set asked with p0
  test_custom    INTEGER REFERENCES runs(id) ON DELETE SET NULL,   -- … and with the chosen prompt
  error          TEXT,
  created_by     TEXT,
  created_at     TEXT NOT NULL,
  finished_at    TEXT
);

CREATE TABLE opt_candidates (
  id               INTEGER PRIMARY KEY,
  optimization_id  INTEGER NOT NULL REFERENCES optimizations(id) ON DELETE CASCADE,
  round            INTEGER NOT NULL,              -- 0: the original prompt p0
  slot             INTEGER NOT NULL,
  prompt           TEXT NOT NULL,
  status           TEXT NOT NULL CHECK (status IN ('pending', 'scored', 'rejected')),
  problem          TEXT,                          -- why it was rejected (placeholders, edit budget, a repeat)
  run_id           INTEGER REFERENCES runs(id) ON DELETE SET NULL,
  accuracy         REAL,
  similarity       REAL,
  score            REAL,                          -- c with α
  final_score      REAL,                          -- c with α*, after the last round
  introspection    TEXT,
  edits            INTEGER,                       -- words changed from the best prompt it was asked to edit
  budget           INTEGER,
  created_at       TEXT NOT NULL,
  UNIQUE (optimization_id, round, slot)
);

CREATE TABLE opt_calls (
  id               INTEGER PRIMARY KEY,
  optimization_id  INTEGER NOT NULL REFERENCES optimizations(id) ON DELETE CASCADE,
  candidate_id     INTEGER REFERENCES opt_candidates(id) ON DELETE SET NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('optimizer', 'analyzer', 'embeddings')),
  model            TEXT NOT NULL,
  prompt           TEXT NOT NULL,
  reply            TEXT,
  cached           INTEGER NOT NULL,
  tokens_in        INTEGER,
  tokens_out       INTEGER,
  cost             REAL,
  at               TEXT NOT NULL
);
CREATE INDEX opt_calls_optimization ON opt_calls(optimization_id, id);

-- A run made to score a candidate belongs to its optimisation (kept out of the Runs list, shown on the Prompts screen).
ALTER TABLE runs ADD COLUMN optimization_id INTEGER REFERENCES optimizations(id) ON DELETE SET NULL;
