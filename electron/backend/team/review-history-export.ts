import type { Db } from '../db/open';
import { writeAtomically } from '../formats/write-lines';
import { reviewsOf } from './triplets';
import type { ExportSelection } from '../formats/export-items';
import { overriddenItems } from './review-state';

/**
 * The review history of a dataset's triplets as JSON: who annotated and checked each one, every verdict of every
 * round with its reason and comment, and the lead's overrides — what a paper's appendix on annotation quality needs.
 */
export async function exportReviewHistory(db: Db, datasetId: number, out: string, selection: ExportSelection): Promise<{ triplets: number }> {
  const overridden = overriddenItems(db, datasetId);
  const items = (db.prepare(`SELECT i.id, i.ext_id, i.status, i.review_round, a.annotator_id, a.checker_a, a.checker_b FROM items i
    JOIN assignments a ON a.item_id = i.id WHERE i.dataset_id = ?${selection.acceptedOnly ? ` AND i.status = 'accepted'` : ''} ORDER BY i.position`).all(datasetId) as
    { id: number; ext_id: string; status: string; review_round: number; annotator_id: string; checker_a: string; checker_b: string }[])
    .filter((i) => !selection.acceptedOnly || selection.includeOverridden || !overridden.has(i.id));
  const overrides = db.prepare(`SELECT at, user_id, diff FROM revisions WHERE entity = 'triplet' AND entity_id = ? AND action = 'override' ORDER BY id`);
  const saves = db.prepare(`SELECT count(*) FROM revisions WHERE entity = 'triplet' AND entity_id = ? AND action = 'save'`).pluck();
  await writeAtomically(out, async (put) => {
    await put('[');
    let first = true;
    for (const item of items) {
      const row = {
        triplet_id: item.ext_id, status: item.status, lead_override: overridden.has(item.id), rounds: item.review_round, annotator: item.annotator_id,
        checkers: [item.checker_a, item.checker_b], saves: saves.get(String(item.id)) as number,
        reviews: reviewsOf(db, item.id).map((r) => ({ round: r.round, checker: r.checker, at: r.at, passed: r.passed, ...r.verdicts })),
        overrides: (overrides.all(String(item.id)) as { at: string; user_id: string | null; diff: string }[])
          .map((o) => ({ at: o.at, by: o.user_id, ...(JSON.parse(o.diff) as object) })),
      };
      await put(`${first ? '\n' : ',\n'}${JSON.stringify(row)}`);
      first = false;
    }
    await put('\n]\n');
  });
  return { triplets: items.length };
}
