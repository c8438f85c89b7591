import type { QualityReport } from '@shared/contract';
import type { Db } from '../db/open';
import type { JobControl } from '../jobs/registry';
import { AppError } from '../errors';
import { listDatasets } from '../datasets/datasets';
import { findDuplicates } from '../quality/duplicates';
import { blindSummary } from '../quality/visual-results';
import { checkerAgreement } from '../team/assignment/agreement';
import { provenanceCounts } from '../team/drafting/provenance';

/**
 * A dataset's quality report (issue 36 item 4). One function per section, so a section another part of the studio
 * computes is wired in with one line.
 */
export async function qualityReport(db: Db, datasetId: number, threshold: number, control?: JobControl): Promise<QualityReport> {
  const dataset = listDatasets(db).find((d) => d.id === datasetId);
  if (!dataset) throw new AppError('not_found', `no dataset #${datasetId} in this project`);
  return {
    dataset: { id: dataset.id, name: dataset.name, items: dataset.itemCount, questions: dataset.questionCount },
    duplicates: await duplicatesSection(db, datasetId, threshold, control),
    agreement: checkerAgreement(db, datasetId),
    blind: blindSection(db, datasetId),
    provenance: provenanceSection(db, datasetId),
  };
}

/** Near-duplicate image groups touching the dataset (within it, or reaching another dataset) and its repeated questions. */
export async function duplicatesSection(db: Db, datasetId: number, threshold: number, control?: JobControl): Promise<QualityReport['duplicates']> {
  const found = await findDuplicates(db, threshold, datasetId, control);
  const datasetsOf = (g: (typeof found.imageGroups)[number]) => new Set(g.images.flatMap((i) => i.uses.map((u) => u.datasetId)));
  const within = found.imageGroups.filter((g) => datasetsOf(g).size === 1).length;
  const flagged = new Set(found.imageGroups.flatMap((g) => g.images.flatMap((i) => i.uses)).filter((u) => u.datasetId === datasetId).map((u) => u.itemId));
  return {
    threshold: found.threshold,
    itemsWithNearDuplicate: flagged.size,
    withinDataset: within,
    acrossDatasets: found.imageGroups.length - within,
    imageGroups: found.imageGroups,
    questionGroups: found.questionGroups,
    unhashable: found.unhashable.length,
  };
}

/** Questions answerable without the image, per role and source (METHODS §11); null until the dataset is checked. */
export function blindSection(db: Db, datasetId: number): QualityReport['blind'] {
  return blindSummary(db, datasetId);
}

/** Human-written against model-drafted triplets (METHODS §10); null while the dataset has no written triplet. */
export function provenanceSection(db: Db, datasetId: number): QualityReport['provenance'] {
  const counts = provenanceCounts(db, datasetId);
  const triplets = counts.human + counts.draftedEdited + counts.draftedUnchanged;
  return triplets === 0 ? null : { triplets, ...counts };
}
