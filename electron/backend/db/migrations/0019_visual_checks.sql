-- The visual-dependency check (issue 36 item 1, METHODS §10): MMStar's coarse filter, kept per question.
-- `visual_panels`: the models a lead chose for a dataset's check (text-only ones asked without the image, vision ones
-- with it) and the share of text-only models that must answer right for a question to be flagged.
CREATE TABLE visual_panels (
  dataset_id  INTEGER PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE,
  text_only   TEXT NOT NULL DEFAULT '[]',      -- JSON array of endpoint names
  vision      TEXT NOT NULL DEFAULT '[]',
  threshold   REAL NOT NULL,
  updated_at  TEXT NOT NULL
);

-- One model's reading of one question, with or without the image: what the check keeps, so adding a model asks only
-- that model. `fingerprint` is the question as it was asked (text, hint, options, answer, images); a revised question
-- no longer matches and is asked again. Requests that failed leave no row, so the next check asks them again.
CREATE TABLE visual_answers (
  question_id INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  model       TEXT NOT NULL,
  images      INTEGER NOT NULL CHECK (images IN (0, 1)),
  fingerprint TEXT NOT NULL,
  outcome     TEXT NOT NULL CHECK (outcome IN ('right', 'wrong', 'unread')),
  run_id      INTEGER,                         -- the run that asked it (kept when the run is deleted)
  at          TEXT NOT NULL,
  PRIMARY KEY (question_id, model, images)
) WITHOUT ROWID;
