-- A toolkit's own reading of an imported answer (VLMEvalKit's hit/log, lmms-eval's filtered reply and metric), kept
-- beside ours so the two can be compared question by question. JSON {source, label, verdict, log}; NULL for live runs.
ALTER TABLE predictions ADD COLUMN toolkit TEXT;
