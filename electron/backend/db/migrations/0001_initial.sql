-- The first schema: datasets of items (one original question unit each), their images by content hash,
-- questions by role, people, an append-only revision log and long-running jobs.

CREATE TABLE users (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  display_name  TEXT NOT NULL,
  roles         TEXT NOT NULL DEFAULT '[]',      -- JSON array of annotator | checker | lead
  password_hash TEXT,                             -- scrypt, team server only
  created_at    TEXT NOT NULL
);

CREATE TABLE datasets (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  format      TEXT NOT NULL,                      -- the format it was imported from
  meta        TEXT NOT NULL DEFAULT '{}',         -- JSON: column order, extra fields, source files
  created_at  TEXT NOT NULL
);

CREATE TABLE images (
  hash        TEXT PRIMARY KEY,                   -- SHA-256 of bytes, hex
  mime        TEXT NOT NULL,
  size        INTEGER NOT NULL,
  width       INTEGER NOT NULL,
  height      INTEGER NOT NULL,
  bytes       BLOB NOT NULL,
  thumb       BLOB,                               -- made on first view, so imports stay fast
  thumb_mime  TEXT
) WITHOUT ROWID;

CREATE TABLE items (
  id           INTEGER PRIMARY KEY,
  dataset_id   INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  ext_id       TEXT NOT NULL,                     -- the source's id: TSV index, triplet_id, MMMU id
  position     INTEGER NOT NULL,                  -- order in the source file
  source       TEXT,
  category     TEXT,
  l2_category  TEXT,
  subject      TEXT,
  split        TEXT,
  status       TEXT NOT NULL DEFAULT 'unassigned',
  meta         TEXT NOT NULL DEFAULT '{}',
  version      INTEGER NOT NULL DEFAULT 1,
  UNIQUE (dataset_id, ext_id)
);
CREATE INDEX items_dataset_position ON items(dataset_id, position);
CREATE INDEX items_source ON items(source);
CREATE INDEX items_category ON items(category);
CREATE INDEX items_status ON items(status);

CREATE TABLE item_images (
  item_id     INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  image_hash  TEXT NOT NULL REFERENCES images(hash),
  PRIMARY KEY (item_id, position)
) WITHOUT ROWID;
CREATE INDEX item_images_hash ON item_images(image_hash);

CREATE TABLE questions (
  id          INTEGER PRIMARY KEY,
  item_id     INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  role        TEXT NOT NULL CHECK (role IN ('origin', 'perception', 'knowledge')),
  type        TEXT NOT NULL CHECK (type IN ('multiple-choice', 'open')),
  ext_index   TEXT,                               -- the source's per-question index, kept for export
  text        TEXT NOT NULL,
  hint        TEXT,
  options     TEXT NOT NULL DEFAULT '[]',         -- JSON [{label, text}]
  answer      TEXT NOT NULL DEFAULT '[]',         -- JSON array: one label, or accepted strings
  meta        TEXT NOT NULL DEFAULT '{}',
  version     INTEGER NOT NULL DEFAULT 1,
  updated_at  TEXT NOT NULL,
  -- Browse order within an item (origin, perception, knowledge), indexed so paging never sorts the whole table.
  role_rank   INTEGER GENERATED ALWAYS AS (CASE role WHEN 'origin' THEN 0 WHEN 'perception' THEN 1 ELSE 2 END) VIRTUAL
);
CREATE INDEX questions_item ON questions(item_id, role_rank, id);
CREATE INDEX questions_role ON questions(role);

-- Append-only: triggers refuse edits and deletions, so history cannot be rewritten by accident.
CREATE TABLE revisions (
  id          INTEGER PRIMARY KEY,
  entity      TEXT NOT NULL,                      -- 'question' | 'item' | 'dataset' | …
  entity_id   TEXT NOT NULL,
  user_id     TEXT,
  at          TEXT NOT NULL,
  action      TEXT NOT NULL,                      -- 'create' | 'update' | 'import' | …
  diff        TEXT NOT NULL DEFAULT '{}'          -- JSON: what changed
);
CREATE INDEX revisions_entity ON revisions(entity, entity_id);
CREATE TRIGGER revisions_no_update BEFORE UPDATE ON revisions
BEGIN SELECT RAISE(ABORT, 'revisions are append-only'); END;
CREATE TRIGGER revisions_no_delete BEFORE DELETE ON revisions
BEGIN SELECT RAISE(ABORT, 'revisions are append-only'); END;

CREATE TABLE jobs (
  id           TEXT PRIMARY KEY,
  kind         TEXT NOT NULL,
  title        TEXT NOT NULL,
  status       TEXT NOT NULL,
  done         REAL NOT NULL DEFAULT 0,
  total        REAL,
  unit         TEXT NOT NULL DEFAULT '',
  message      TEXT,
  input        TEXT NOT NULL DEFAULT '{}',
  result       TEXT,
  error        TEXT,
  started_at   TEXT NOT NULL,
  finished_at  TEXT
);
