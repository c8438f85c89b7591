-- Two reads of stored summaries made cheap (issue 20). Each summary row fills a page of its own (its report and
-- outcome vector), so reading a few small columns of 50 runs read 50 pages, and a comparison read every run's whole
-- 9-byte-a-question vector to use one byte of it.
-- The leaderboard's columns, covered by an index: a page of 50 runs reads a few index pages.
CREATE INDEX run_summaries_board ON run_summaries(run_id, format, stale, accuracy, board);
-- A comparison reads each run's outcome bits (1 byte a question) and a hash of its question ids in run order; the
-- ids themselves only for the first run and for a run that asked other questions or another order. Both are written
-- from `outcomes` in the statement that writes it (summary format 2).
ALTER TABLE run_summaries ADD COLUMN outcome_bits BLOB;
ALTER TABLE run_summaries ADD COLUMN question_set TEXT;
