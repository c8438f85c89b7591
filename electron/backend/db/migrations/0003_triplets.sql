-- The triplet workflow: who annotates and who checks each item, the checkers' verdicts per review round, and the
-- team server's login sessions. Item content stays in `questions`; every save appends to `revisions`.

-- One row per assigned item. Two checkers, never the annotator (enforced by the service and by this CHECK).
CREATE TABLE assignments (
  item_id      INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  annotator_id TEXT NOT NULL REFERENCES users(id),
  checker_a    TEXT NOT NULL REFERENCES users(id),
  checker_b    TEXT NOT NULL REFERENCES users(id),
  assigned_by  TEXT,
  assigned_at  TEXT NOT NULL,
  CHECK (checker_a <> checker_b AND checker_a <> annotator_id AND checker_b <> annotator_id)
);
CREATE INDEX assignments_annotator ON assignments(annotator_id, item_id);
CREATE INDEX assignments_checker_a ON assignments(checker_a, item_id);
CREATE INDEX assignments_checker_b ON assignments(checker_b, item_id);

-- Which review round an item is in: 1 for the first submission, +1 at every resubmission.
ALTER TABLE items ADD COLUMN review_round INTEGER NOT NULL DEFAULT 0;

-- A checker's verdict on one triplet in one round (append-only, like revisions).
CREATE TABLE reviews (
  id           INTEGER PRIMARY KEY,
  item_id      INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  round        INTEGER NOT NULL,
  checker_id   TEXT NOT NULL REFERENCES users(id),
  verdicts     TEXT NOT NULL,                     -- JSON {perception: {verdict, reason, comment}, knowledge: …}
  passed       INTEGER NOT NULL,                  -- 1 when every question passed
  at           TEXT NOT NULL,
  UNIQUE (item_id, round, checker_id)
);
CREATE INDEX reviews_checker ON reviews(checker_id, at);
CREATE INDEX reviews_at ON reviews(at);
CREATE TRIGGER reviews_no_update BEFORE UPDATE ON reviews
BEGIN SELECT RAISE(ABORT, 'reviews are append-only'); END;

-- Team-server logins: only a hash of the cookie's token is stored, so a copied project file grants no session.
CREATE TABLE sessions (
  token_hash   TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX revisions_at ON revisions(at);
