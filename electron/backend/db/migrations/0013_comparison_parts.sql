-- A first comparison of 8 runs × 20,000 questions read, besides each run's outcome bytes, the first run's whole
-- outcome vector (for 100 question ids) and 8 × 100 predictions by key (for the page's answers): ~3 ms against a
-- stored report's ~0.3 ms (issue 20). Summary format 3 stores what it needs, written with the summary, in rows of
-- their own (a column after the summary's large report and vector is reached only by walking their overflow pages):
-- the outcome masks themselves (in place of the bytes), whether any cluster holds two questions, and per chunk of
-- 512 positions the question ids and each question's shown answer (an index into the chunk's small table of
-- distinct answers), so a page of disagreements reads the chunks it shows.
ALTER TABLE run_summaries DROP COLUMN outcome_bits;
ALTER TABLE run_summaries DROP COLUMN question_set;
CREATE TABLE run_comparisons (
  run_id          INTEGER PRIMARY KEY REFERENCES run_summaries(run_id) ON DELETE CASCADE,
  question_set    TEXT NOT NULL,              -- hash of the question ids in run order: equal sets need no ids read
  clusters_repeat INTEGER NOT NULL,           -- 1: two questions share a cluster (the cluster bootstrap reads clusters)
  outcome_masks   BLOB NOT NULL,              -- two bit masks over the positions: scored and right on every pass
  first_masks     BLOB                        -- the same on the first pass alone; NULL when equal (a single-pass run)
);
CREATE TABLE run_summary_chunks (
  run_id       INTEGER NOT NULL REFERENCES run_summaries(run_id) ON DELETE CASCADE,
  chunk        INTEGER NOT NULL,              -- positions chunk × 512 onwards, in run order (one database page a row)
  question_ids BLOB NOT NULL,                 -- int32 a position
  shown        BLOB NOT NULL,                 -- header, then an index into shown_labels a position (and a position's first pass)
  shown_labels TEXT NOT NULL,                 -- JSON: the chunk's distinct shown answers, null first
  PRIMARY KEY (run_id, chunk)
);
