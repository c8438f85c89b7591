-- TP-Eval asks the optimizer again when a proposal is refused (METHODS §7.7): the refused proposals of a slot, with
-- why, are kept with the candidate that finally filled it. A JSON array of {prompt, problem}.
ALTER TABLE opt_candidates ADD COLUMN refused TEXT NOT NULL DEFAULT '[]';
