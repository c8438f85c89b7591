-- Perceptual hashes of the project's images (issue 36, METHODS §9), computed once per image key and kept: dHash of the
-- whole picture and of the picture less 5% a side (so a slightly cropped copy is found). Both NULL, with the reason in
-- `error`, for an image that cannot be decoded or is over the pixel budget, so it is not tried again on every check.
-- `flat`: a blank or one-colour image, whose bits describe no picture and which is never compared (DECISIONS 232).
CREATE TABLE image_dhashes (
  image_hash  TEXT PRIMARY KEY REFERENCES images(hash) ON DELETE CASCADE,
  whole_hash  TEXT,
  inner_hash  TEXT,
  flat        INTEGER NOT NULL DEFAULT 0 CHECK (flat IN (0, 1)),
  error       TEXT
) WITHOUT ROWID;
