-- Where a triplet's perception and knowledge questions came from (issue 36 item 3, METHODS §10): a row only for a
-- triplet a model drafted, keeping what the model wrote (`model_draft`, the form's JSON shape) and, after every later
-- save, the word-level share of it a person changed (`edit_share`, 0 = unchanged). No row: human-written.
CREATE TABLE triplet_provenance (
  item_id      INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
  endpoint     TEXT NOT NULL,
  model        TEXT NOT NULL,
  drafted_at   TEXT NOT NULL,
  drafted_by   TEXT,
  model_draft  TEXT NOT NULL,
  edit_share   REAL NOT NULL DEFAULT 0 CHECK (edit_share >= 0 AND edit_share <= 1)
);
