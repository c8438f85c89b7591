import type { Option, QuestionType } from '@shared/contract';
import { isRight, readResponse } from '@shared/scoring/answer';
import { EXTRACTOR_VERSION } from '@shared/scoring/extract';
import { ruleOf } from '@shared/scoring/rules';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { summaryBatch } from './summary-hook';
import { configHash, type FrozenConfig } from './config';
import { storeAnswer, storeError } from './predictions';
import { runConfig, runRow } from './store';

interface StoredReply {
  question_id: number; pass: number; status: 'answered' | 'error'; raw: string | null; extracted: string | null;
  prompt: string | null; error: string | null; tokens_in: number | null; tokens_out: number | null; latency_ms: number | null;
  cost: number | null; attempts: number; type: QuestionType; meta: string; options: string; answer: string;
}

const REPLIES_SQL = `SELECT p.question_id, p.pass, p.status, p.raw, p.extracted, p.prompt, p.error, p.tokens_in, p.tokens_out,
    p.latency_ms, p.cost, p.attempts, q.type, q.meta, u.options, u.answer
  FROM predictions p JOIN run_units u ON u.run_id = p.run_id AND u.question_id = p.question_id AND u.pass = p.pass
  JOIN questions q ON q.id = p.question_id WHERE p.run_id = ? ORDER BY u.position`;

function refuseReread(id: number, status: string, config: FrozenConfig): void {
  if (status !== 'done') throw new AppError('conflict', `run ${id} is ${status}; finish it (or resume it) before re-reading`);
  if (config.kind === 'human') throw new AppError('invalid_input', `run ${id} holds a person's answers, which are labels, not replies to read`);
  if (config.extractor === EXTRACTOR_VERSION) throw new AppError('conflict', `run ${id} was read with ${EXTRACTOR_VERSION} already`);
}

/**
 * A new, finished run holding the same replies as run `id`, read with the current rules (METHODS §4). The old run keeps
 * its reading and version; the new one is comparable to it question by question (`anchor report --compare`). Rules
 * only: a reply the rules cannot read is `failed`, as in an imported file (no judge is asked), and a person's
 * corrections stay with the old run.
 */
export function rereadRun(db: Db, id: number, userId: string | null, now: Date): { runId: number; predictions: number; changed: number; correct: number } {
  const row = runRow(db, id);
  const old = runConfig(row);
  refuseReread(id, row.status, old);
  const config: FrozenConfig = { ...old, extractor: EXTRACTOR_VERSION, reread: { run: id, extractor: old.extractor } };
  const at = now.toISOString();
  return summaryBatch(db, () => {
    const runId = Number(db.prepare(`INSERT INTO runs (name, dataset_id, kind, endpoint, model, config, config_hash, status, created_by, created_at, finished_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, 'done', ?, ?, ?)`).run(`${row.name} · re-read (${EXTRACTOR_VERSION})`, row.dataset_id, old.kind, row.endpoint, row.model,
      JSON.stringify(config), configHash(config), userId, at, at).lastInsertRowid);
    db.prepare(`INSERT INTO run_units (run_id, position, question_id, pass, options, answer, flag)
      SELECT ?, position, question_id, pass, options, answer, flag FROM run_units WHERE run_id = ?`).run(runId, id);
    let predictions = 0;
    let changed = 0;
    let correct = 0;
    for (const r of db.prepare(REPLIES_SQL).all(id) as StoredReply[]) {
      const prompt = r.prompt ? JSON.parse(r.prompt) as [] : [];
      if (r.status === 'error') {
        storeError(db, runId, r.question_id, r.pass, r.error ?? 'error', prompt, r.attempts, at);
        continue;
      }
      const raw = r.raw ?? '';
      const rule = ruleOf(r.type, r.meta);
      const read = readResponse(r.type, JSON.parse(r.options) as Option[], raw, rule);
      const right = isRight(r.type, JSON.parse(r.answer) as string[], read.label, raw, rule);
      predictions++;
      if (read.label !== r.extracted) changed++;
      if (right) correct++;
      storeAnswer(db, runId, r.question_id, r.pass, {
        raw, label: read.label, path: read.path, correct: right, prompt, judge: [], tokensIn: r.tokens_in, tokensOut: r.tokens_out,
        latencyMs: r.latency_ms, cost: r.cost, cached: true, attempts: r.attempts,
      }, at);
    }
    return { runId, predictions, changed, correct };
  });
}
