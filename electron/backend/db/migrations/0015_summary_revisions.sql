-- A leaderboard row's revision (0014) moves when its run is renamed or changes status as well as when its summary is
-- written; a comparison kept each run's masks, chunks and its figures by that revision, so renaming a compared run,
-- or its status moving, read its parts again and worked the whole comparison out anew (issue 20: compare 8 runs
-- within 3× one stored report, first read after a write). A summary now also carries the revision of its last write
-- alone, from the same counter: what a comparison reads of a run (masks, chunks, clusters) and what it works out from
-- them change only when that moves.
ALTER TABLE run_summaries ADD COLUMN summary_rev INTEGER NOT NULL DEFAULT 0;
UPDATE run_summaries SET summary_rev = board_rev;
DROP TRIGGER board_revision_summary_insert;
DROP TRIGGER board_revision_summary_update;
CREATE TRIGGER board_revision_summary_insert AFTER INSERT ON run_summaries BEGIN
  UPDATE board_revisions SET counter = counter + 1;
  UPDATE run_summaries SET board_rev = (SELECT counter FROM board_revisions), summary_rev = (SELECT counter FROM board_revisions)
    WHERE run_id = NEW.run_id;
END;
-- Every summary write sets these three columns (reports/store/summaries.ts writeSummary), whether or not their values change.
CREATE TRIGGER board_revision_summary_update AFTER UPDATE OF format, accuracy, board ON run_summaries BEGIN
  UPDATE board_revisions SET counter = counter + 1;
  UPDATE run_summaries SET board_rev = (SELECT counter FROM board_revisions), summary_rev = (SELECT counter FROM board_revisions)
    WHERE run_id = NEW.run_id;
END;
-- The comparison's first read of its runs stays on the covering index.
DROP INDEX run_summaries_board;
CREATE INDEX run_summaries_board ON run_summaries(run_id, format, stale, accuracy, board_rev, summary_rev, board);
