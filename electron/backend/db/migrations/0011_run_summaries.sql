-- Stored per-run scores (issue 20): a run's report, its leaderboard row, its counters and a per-question outcome
-- vector, computed by the same scoring code the reports use. A summary is trusted only while `stale` is 0: every write
-- to a run's predictions or units, by any writer, marks it stale in the same transaction (these triggers), and the
-- writers in electron/backend/runs recompute it in that transaction when the run is settled (reports/summary-hook.ts).
CREATE TABLE run_summaries (
  run_id       INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  format       INTEGER NOT NULL,              -- layout of the stored JSON and vector; another format is recomputed
  stale        INTEGER NOT NULL DEFAULT 0,
  accuracy     REAL NOT NULL,                 -- overall accuracy ×100: the leaderboard sorts and pages on it in SQL
  -- Small columns first: a leaderboard page reads them without walking the large ones' overflow pages.
  board        TEXT NOT NULL,                 -- JSON: the leaderboard row's scores
  counts       TEXT NOT NULL,                 -- JSON: answered, errors, correct, failed, cached, tokens, cost of the run list
  computed_at  TEXT NOT NULL,
  vrp          TEXT,                          -- JSON: accuracy per VRP level and relation value; NULL without VRP values
  report       TEXT NOT NULL,                 -- JSON: the run report without its live run header
  outcomes     BLOB NOT NULL                  -- per question in run order: question id, cluster, outcome bits
);

CREATE TRIGGER run_summaries_prediction_insert AFTER INSERT ON predictions BEGIN
  UPDATE run_summaries SET stale = 1 WHERE run_id = NEW.run_id AND stale = 0;
END;
CREATE TRIGGER run_summaries_prediction_update AFTER UPDATE OF status, extracted, extraction, corrected, correct, cached,
    tokens_in, tokens_out, cost ON predictions BEGIN
  UPDATE run_summaries SET stale = 1 WHERE run_id IN (OLD.run_id, NEW.run_id) AND stale = 0;
END;
CREATE TRIGGER run_summaries_prediction_delete AFTER DELETE ON predictions BEGIN
  UPDATE run_summaries SET stale = 1 WHERE run_id = OLD.run_id AND stale = 0;
END;
CREATE TRIGGER run_summaries_unit_delete AFTER DELETE ON run_units BEGIN
  UPDATE run_summaries SET stale = 1 WHERE run_id = OLD.run_id AND stale = 0;
END;
-- What a report groups and clusters by lives on the questions and items: editing it changes every run that asked them.
CREATE TRIGGER run_summaries_question_update AFTER UPDATE OF item_id, role, type, answer, meta ON questions BEGIN
  UPDATE run_summaries SET stale = 1 WHERE stale = 0 AND run_id IN (SELECT id FROM runs WHERE dataset_id = (SELECT dataset_id FROM items WHERE id = NEW.item_id));
END;
CREATE TRIGGER run_summaries_item_update AFTER UPDATE OF ext_id, meta, source, category, l2_category, subject, split ON items BEGIN
  UPDATE run_summaries SET stale = 1 WHERE stale = 0 AND run_id IN (SELECT id FROM runs WHERE dataset_id = NEW.dataset_id);
END;
