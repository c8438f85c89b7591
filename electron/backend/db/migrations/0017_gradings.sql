-- Graded open answers (issue 35, METHODS §5.1): a grading is one grader endpoint scoring one run's replies, N times
-- (MM-Vet's repeated grading runs). Each grade keeps every try's prompt and reply; a grade the grader never gave in a
-- readable form has a NULL score (ungraded, never 0). A person's override stands beside the grader's grades.
CREATE TABLE gradings (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  grader TEXT NOT NULL,
  model TEXT NOT NULL,
  endpoint TEXT NOT NULL,                 -- the grader's endpoint as asked (JSON, never a key)
  repeats INTEGER NOT NULL CHECK (repeats >= 1),
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  error TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX gradings_run ON gradings (run_id, id);

CREATE TABLE grades (
  grading_id INTEGER NOT NULL REFERENCES gradings(id) ON DELETE CASCADE,
  question_id INTEGER NOT NULL,
  repeat INTEGER NOT NULL,
  score REAL CHECK (score IS NULL OR (score >= 0 AND score <= 1)),
  tries TEXT NOT NULL,                    -- JSON: [{prompt, reply, error, cached}] in order
  calls INTEGER NOT NULL,
  cached_calls INTEGER NOT NULL,
  cost REAL,
  at TEXT NOT NULL,
  PRIMARY KEY (grading_id, question_id, repeat)
);

CREATE TABLE grade_overrides (
  grading_id INTEGER NOT NULL REFERENCES gradings(id) ON DELETE CASCADE,
  question_id INTEGER NOT NULL,
  score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
  note TEXT,
  overridden_by TEXT,
  overridden_at TEXT NOT NULL,
  PRIMARY KEY (grading_id, question_id)
);
