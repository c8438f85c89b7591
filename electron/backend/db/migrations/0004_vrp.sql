-- Visual referring prompts (VRPTest): one scene per item — the shapes and reference text drawn on its first image —
-- and the variants generated from scenes, each an item of a derived dataset linked to its source item and question.

CREATE TABLE scenes (
  item_id     INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  doc         TEXT NOT NULL,                      -- JSON carrying its own schema version (shared/vrp/scene.ts)
  version     INTEGER NOT NULL DEFAULT 1,         -- optimistic concurrency: a stale save is refused
  updated_by  TEXT,
  updated_at  TEXT NOT NULL
);

-- One row per generated variant; the variant itself is an item (with its image and question) of the derived dataset,
-- so runs and reports treat it like any other question, and group by these relation values.
CREATE TABLE variants (
  item_id             INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  source_item_id      INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  source_question_id  INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  name                TEXT NOT NULL,              -- the deterministic file stem (shared/vrp/relations.ts)
  level               TEXT NOT NULL CHECK (level IN ('none', 'partial', 'full')),
  colour              TEXT NOT NULL,
  shape               TEXT NOT NULL,
  font                TEXT NOT NULL,
  position            TEXT NOT NULL,
  width               INTEGER NOT NULL,
  height              INTEGER NOT NULL,
  image_hash          TEXT NOT NULL REFERENCES images(hash),
  scene_version       INTEGER,                    -- the scene's version it was drawn from (null: no intervention)
  job_id              TEXT,
  created_at          TEXT NOT NULL
);
CREATE INDEX variants_source ON variants(source_item_id);
