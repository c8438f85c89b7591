import { isRight, readResponse } from '@shared/scoring/answer';
import { EXTRACTOR_VERSION } from '@shared/scoring/extract';
import { ruleOf } from '@shared/scoring/rules';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { readAnswer, readOptions } from '../items/columns';
import { readPrompt } from './columns';
import { summaryBatch } from './summary-hook';
import { configHash, type FrozenConfig } from './config';
import { storeAnswer, storeError } from './predictions';
import { copyUnits, insertRun, runConfig, runRow } from './store/runs';
import { storedReplies } from './store/predictions';

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
    const runId = insertRun(db, {
      name: `${row.name} · re-read (${EXTRACTOR_VERSION})`, datasetId: row.dataset_id, kind: old.kind, endpoint: row.endpoint, model: row.model,
      config, configHash: configHash(config), status: 'done', userId, createdAt: at, finishedAt: at,
    });
    copyUnits(db, id, runId);
    let predictions = 0;
    let changed = 0;
    let correct = 0;
    for (const r of storedReplies(db, id)) {
      const prompt = readPrompt(r.prompt);
      if (r.status === 'error') {
        storeError(db, runId, r.question_id, r.pass, r.error ?? 'error', prompt, r.attempts, at);
        continue;
      }
      const raw = r.raw ?? '';
      const rule = ruleOf(r.type, r.meta);
      const read = readResponse(r.type, readOptions(r.options), raw, rule);
      const right = isRight(r.type, readAnswer(r.answer), read.label, raw, rule);
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
