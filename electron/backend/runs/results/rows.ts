import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RunSummary } from '@shared/contract';
import type { Db } from '../../db/open';
import { readAnswer } from '../../items/columns';
import type { ReadClause } from '../../items/questions';
import { exportPage, type ExportRow } from '../store/export';
import { runConfig, runRow } from '../store/runs';

export type { ExportRow } from '../store/export';

/** Units read per page: a few milliseconds of SQL and encoding, after which other callers are served. */
const PAGE = 1000;

/** What names the run on every row: who answered, and the prompt's identity (template id and the hash of its words). */
export interface RunIdentity { runId: number; name: string; model: string; datasetName: string; templateId: string; templateHash: string; circular: boolean }

export function runIdentity(db: Db, run: Pick<RunSummary, 'id' | 'name' | 'model' | 'datasetName'>): RunIdentity {
  const config = runConfig(runRow(db, run.id));
  return {
    runId: run.id, name: run.name, model: run.model, datasetName: run.datasetName, templateId: config.template.id, templateHash: config.templateHash,
    circular: config.circular,
  };
}

/** The CSV and JSONL columns, in order (docs/FORMATS.md, "Run results"). */
export const RESULT_COLUMNS = [
  'run', 'model', 'template_id', 'template_hash', 'position', 'question_id', 'item', 'question_index', 'role', 'pass', 'status', 'reply', 'read',
  'extracted', 'corrected', 'extraction', 'judge_calls', 'gold', 'outcome', 'tokens_in', 'tokens_out', 'cost', 'cached', 'latency_ms', 'attempts', 'error',
] as const;

export type ResultCell = string | number | boolean | null;
export type ResultRecord = Record<(typeof RESULT_COLUMNS)[number], ResultCell>;

/** One unit as a results row: `read` is what was scored (a person's correction, else the extractor's label). */
export function resultRecord(run: RunIdentity, r: ExportRow): ResultRecord {
  return {
    run: run.runId, model: run.model, template_id: run.templateId, template_hash: run.templateHash, position: r.position,
    question_id: r.question_id, item: r.ext_id, question_index: r.ext_index, role: r.role, pass: r.pass, status: r.status ?? 'pending',
    reply: r.raw, read: r.corrected ?? r.extracted, extracted: r.extracted, corrected: r.corrected, extraction: r.extraction,
    judge_calls: r.judge_calls, gold: readAnswer(r.gold).join(' | '), outcome: r.outcome, tokens_in: r.tokens_in, tokens_out: r.tokens_out,
    cost: r.cost, cached: r.cached === null ? null : r.cached === 1, latency_ms: r.latency_ms, attempts: r.attempts, error: r.error,
  };
}

/** The run's units a page at a time, in question order, yielding to other callers between pages. */
export async function* unitPages(db: Db, runId: number, rule: ReadClause | null): AsyncGenerator<ExportRow[]> {
  let after = -1;
  for (;;) {
    const page = exportPage(db, runId, after, PAGE, rule);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.position;
    await nextTurn();
  }
}
