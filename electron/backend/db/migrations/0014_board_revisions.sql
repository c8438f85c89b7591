-- A write anywhere in the file makes the next leaderboard read the page again (reports/read-cache.ts); with 50 runs
-- most of that read was handing over the same 50 rows' names, models, dates and stored boards (issue 20: 50 runs
-- within 2× one run). A leaderboard row now carries a revision that moves whenever what the row shows moves: the
-- run's own columns, or its stored summary. The page reads ids and revisions, and whole rows only for the runs whose
-- revision it has not seen. Revisions come from one counter that only grows, so a run id SQLite gives again after a
-- delete never meets an old revision.
CREATE TABLE board_revisions (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  counter INTEGER NOT NULL
);
INSERT INTO board_revisions (id, counter) VALUES (1, 0);
ALTER TABLE run_summaries ADD COLUMN board_rev INTEGER NOT NULL DEFAULT 0;
-- The page's columns, covered by an index (a summary row's own pages hold its report and outcome vector).
DROP INDEX run_summaries_board;
CREATE INDEX run_summaries_board ON run_summaries(run_id, format, stale, accuracy, board_rev, board);

CREATE TRIGGER board_revision_run AFTER UPDATE OF name, model, kind, dataset_id, status, created_at ON runs BEGIN
  UPDATE board_revisions SET counter = counter + 1;
  UPDATE run_summaries SET board_rev = (SELECT counter FROM board_revisions) WHERE run_id = NEW.id;
END;
CREATE TRIGGER board_revision_summary_insert AFTER INSERT ON run_summaries BEGIN
  UPDATE board_revisions SET counter = counter + 1;
  UPDATE run_summaries SET board_rev = (SELECT counter FROM board_revisions) WHERE run_id = NEW.run_id;
END;
CREATE TRIGGER board_revision_summary_update AFTER UPDATE OF format, accuracy, board ON run_summaries BEGIN
  UPDATE board_revisions SET counter = counter + 1;
  UPDATE run_summaries SET board_rev = (SELECT counter FROM board_revisions) WHERE run_id = NEW.run_id;
END;
