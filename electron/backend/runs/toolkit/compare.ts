import type { ToolkitComparison } from '@shared/contract';
import type { Db } from '../../db/open';
import { readToolkitReading } from '../columns';
import { toolkitRows } from '../store/predictions';
import type { ToolkitReading } from './answers';

/**
 * Our reading beside the toolkit's, per question: ours is right when every pass is (CircularEval), theirs when every
 * verdict it gave is (VLMEvalKit gives a circular group one `hit`, on the copy numbered like the question).
 */
export function toolkitComparison(db: Db, runId: number): ToolkitComparison | null {
  const rows = toolkitRows(db, runId);
  const byQuestion = new Map<number, { ours: boolean; readings: (ToolkitReading | null)[]; labels: (string | null)[] }>();
  let source: ToolkitReading['source'] | null = null;
  for (const r of rows) {
    const reading = readToolkitReading(r.toolkit);
    source ??= reading?.source ?? null;
    const q = byQuestion.get(r.question_id) ?? { ours: true, readings: [], labels: [] };
    q.ours &&= r.correct === 1;
    q.readings.push(reading);
    q.labels.push(r.extracted);
    byQuestion.set(r.question_id, q);
  }
  if (source === null) return null;
  const out: ToolkitComparison = { source, questions: 0, agree: 0, disagreements: [] };
  for (const [questionId, q] of byQuestion) {
    const verdicts = q.readings.flatMap((r) => (r?.verdict === null || r === null ? [] : [r.verdict]));
    if (verdicts.length === 0) continue;
    const theirs = verdicts.every(Boolean);
    out.questions++;
    if (theirs === q.ours) { out.agree++; continue; }
    out.disagreements.push({
      questionId, ours: q.ours, theirs, ourLabels: q.labels, theirLabels: q.readings.map((r) => r?.label ?? null),
      log: q.readings.find((r) => r?.log)?.log ?? null,
    });
  }
  return out;
}
