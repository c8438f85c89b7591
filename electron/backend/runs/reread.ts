import { EXTRACTOR_VERSION } from '@shared/scoring/extract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { mapInSlices } from '../jobs/slices';
import { readAnswer, readOptions } from '../items/columns';
import { readPrompt } from './columns';
import { summaryBatch } from './summary-hook';
import { configHash, type FrozenConfig } from './config';
import { storeAnswer, storeError } from './predictions';
import { readReply, type Reading } from './read-reply';
import { copyUnits, insertRun, runConfig, runRow } from './store/runs';
import { storedReplies, type StoredReply } from './store/predictions';

function refuseReread(id: number, status: string, config: FrozenConfig): void {
  if (status !== 'done') throw new AppError('conflict', `run ${id} is ${status}; finish it (or resume it) before re-reading`);
  if (config.kind === 'human') throw new AppError('invalid_input', `run ${id} holds a person's answers, which are labels, not replies to read`);
  if (config.extractor === EXTRACTOR_VERSION) throw new AppError('conflict', `run ${id} was read with ${EXTRACTOR_VERSION} already`);
}

/** Each answered reply read with the current rules, in slices that leave the server free between them (issue 29). */
function readReplies(replies: readonly StoredReply[], control?: JobControl): Promise<(Reading | null)[]> {
  return mapInSlices(replies, (r) => (r.status === 'error' ? null : readReply(r.type, readOptions(r.options), readAnswer(r.answer), r.raw ?? '', r.meta)),
    { progress: (done, total) => control?.progress(done, total), signal: control?.signal });
}

/**
 * A new, finished run holding the same replies as run `id`, read with the current rules (METHODS §4). The old run keeps
 * its reading and version; the new one is comparable to it question by question (`anchor report --compare`). Rules
 * only: a reply the rules cannot read is `failed`, as in an imported file (no judge is asked), and a person's
 * corrections stay with the old run. The replies are read before the transaction, in slices; a finished run's replies
 * do not change meanwhile, and the transaction checks the run again.
 */
export async function rereadRun(db: Db, id: number, userId: string | null, now: Date, control?: JobControl) {
  refuseReread(id, runRow(db, id).status, runConfig(runRow(db, id)));
  const replies = storedReplies(db, id);
  const readings = await readReplies(replies, control);
  const at = now.toISOString();
  return summaryBatch(db, () => {
    const row = runRow(db, id);
    const old = runConfig(row);
    refuseReread(id, row.status, old);
    const config: FrozenConfig = { ...old, extractor: EXTRACTOR_VERSION, reread: { run: id, extractor: old.extractor } };
    const runId = insertRun(db, {
      name: `${row.name} · re-read (${EXTRACTOR_VERSION})`, datasetId: row.dataset_id, kind: old.kind, endpoint: row.endpoint, model: row.model,
      config, configHash: configHash(config), status: 'done', userId, createdAt: at, finishedAt: at,
    });
    copyUnits(db, id, runId);
    let changed = 0;
    let correct = 0;
    replies.forEach((r, i) => {
      const prompt = readPrompt(r.prompt);
      const read = readings[i];
      if (!read) {
        storeError(db, runId, r.question_id, r.pass, r.error ?? 'error', prompt, r.attempts, at);
        return;
      }
      if (read.label !== r.extracted) changed++;
      if (read.right) correct++;
      storeAnswer(db, runId, r.question_id, r.pass, {
        raw: r.raw ?? '', label: read.label, path: read.path, correct: read.right, prompt, judge: [], tokensIn: r.tokens_in, tokensOut: r.tokens_out,
        latencyMs: r.latency_ms, cost: r.cost, cached: true, attempts: r.attempts,
      }, at);
    });
    return { runId, predictions: readings.filter((r) => r !== null).length, changed, correct };
  });
}
