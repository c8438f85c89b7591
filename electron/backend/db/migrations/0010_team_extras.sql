-- What teams used to annotation tools expect beside the triplet workflow: per-dataset guidelines (versioned), time
-- spent per triplet, replies to a checker's comment, and which guideline version a verdict was given under.

-- Annotation guidelines: every save is a new version (append-only), the newest is the current one.
CREATE TABLE guidelines (
  id           INTEGER PRIMARY KEY,
  dataset_id   INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  version      INTEGER NOT NULL,
  body         TEXT NOT NULL,                     -- Markdown
  author_id    TEXT,
  at           TEXT NOT NULL,
  UNIQUE (dataset_id, version)
);
CREATE TRIGGER guidelines_no_update BEFORE UPDATE ON guidelines
BEGIN SELECT RAISE(ABORT, 'guideline versions are append-only'); END;

-- Active editing time, sent with saves as deltas. The client names each delta, so a retried or re-sent save adds it
-- once (INSERT OR IGNORE on the id); totals are sums.
CREATE TABLE work_time (
  delta_id     TEXT PRIMARY KEY,
  item_id      INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id      TEXT NOT NULL REFERENCES users(id),
  kind         TEXT NOT NULL CHECK (kind IN ('annotate', 'review')),
  ms           INTEGER NOT NULL CHECK (ms >= 0),
  at           TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX work_time_item ON work_time(item_id, user_id, kind);
CREATE INDEX work_time_user ON work_time(user_id, kind);

-- Replies to one question's verdict in a review: a thread per (review, question).
CREATE TABLE review_replies (
  id           INTEGER PRIMARY KEY,
  review_id    INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  role         TEXT NOT NULL CHECK (role IN ('perception', 'knowledge')),
  author_id    TEXT NOT NULL REFERENCES users(id),
  body         TEXT NOT NULL,
  at           TEXT NOT NULL
);
CREATE INDEX review_replies_review ON review_replies(review_id, id);

-- The guideline version in force when a checker gave a verdict (null: none written yet).
ALTER TABLE reviews ADD COLUMN guideline_version INTEGER;
