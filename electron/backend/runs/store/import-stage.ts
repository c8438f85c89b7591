import type { Db } from '../../db/open';

/** One imported answer as it will be stored: its unit and its prediction, every JSON column already encoded. */
export interface StagedAnswer {
  position: number; questionId: number; pass: number; options: string; answer: string;
  raw: string; extracted: string | null; extraction: string | null; correct: boolean; toolkit: string | null;
}

/** Where an import's answers wait until its one transaction copies them into the run (issue 29). */
export interface ImportStage {
  /** Adds answers in a transaction of the TEMP database only: the project file is neither locked nor changed. */
  add(rows: readonly StagedAnswer[]): void;
  /** Copies every staged answer into run `runId`'s units and predictions; call inside the run's transaction. */
  copyInto(runId: number, at: string): void;
  /** Drops the table; the import is over, whichever way it ended. */
  drop(): void;
}

let stages = 0;

/**
 * A TEMP table on the import's own connection: nothing else reads it, it takes no lock on the project, and it vanishes
 * with the connection, so an import killed half-way leaves nothing in the file. Its name is numbered because two
 * imports may be staging on one connection at once (both yield between slices).
 */
export function openImportStage(db: Db): ImportStage {
  const table = `temp.import_stage_${++stages}`;
  db.exec(`CREATE TEMP TABLE ${table.slice('temp.'.length)} (position INTEGER PRIMARY KEY, question_id INTEGER NOT NULL, pass INTEGER NOT NULL,
    options TEXT NOT NULL, answer TEXT NOT NULL, raw TEXT NOT NULL, extracted TEXT, extraction TEXT, correct INTEGER NOT NULL, toolkit TEXT)`);
  const insert = db.prepare(`INSERT INTO ${table} (position, question_id, pass, options, answer, raw, extracted, extraction, correct, toolkit)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const add = db.transaction((rows: readonly StagedAnswer[]) => {
    for (const r of rows) {
      insert.run(r.position, r.questionId, r.pass, r.options, r.answer, r.raw, r.extracted, r.extraction, r.correct ? 1 : 0, r.toolkit);
    }
  });
  return {
    add: (rows) => add(rows),
    copyInto: (runId, at) => {
      db.prepare(`INSERT INTO run_units (run_id, position, question_id, pass, options, answer, flag)
        SELECT ?, position, question_id, pass, options, answer, NULL FROM ${table} ORDER BY position`).run(runId);
      // As storeAnswer writes a first answer: answered, read by the rules, no prompt or judge, one attempt.
      db.prepare(`INSERT INTO predictions (run_id, question_id, pass, status, raw, extracted, extraction, correct, prompt, judge,
          cached, attempts, created_at, updated_at, toolkit)
        SELECT ?, question_id, pass, 'answered', raw, extracted, extraction, correct, '[]', '[]', 0, 1, ?, ?, toolkit
        FROM ${table} ORDER BY position`).run(runId, at, at);
    },
    drop: () => void db.exec(`DROP TABLE IF EXISTS ${table}`),
  };
}
