import { DEFAULT_DUPLICATE_THRESHOLD, type DuplicateImageGroup, type Duplicates, type LintFinding } from '@shared/contract';
import type { Db } from '../db/open';
import { findDuplicates } from './duplicates';

/**
 * `anchor lint`'s duplicate rules: in each group the first item (oldest dataset, first position) is the original and
 * every later one is flagged, naming it — so the copy in a new benchmark is flagged, not the MMBench item it reuses.
 */
export async function duplicateFindings(db: Db, datasetId?: number): Promise<LintFinding[]> {
  const found = await findDuplicates(db, DEFAULT_DUPLICATE_THRESHOLD, datasetId);
  const findings = [...imageFindings(found.imageGroups), ...questionFindings(found.questionGroups)];
  return findings.filter((f) => datasetId === undefined || f.datasetId === datasetId);
}

function imageFindings(groups: readonly DuplicateImageGroup[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const group of groups) {
    const uses = group.images.flatMap((image) => image.uses.map((use) => ({ ...use, imageHash: image.imageHash })));
    const [first, ...later] = uses.sort((a, b) => a.datasetId - b.datasetId || a.itemId - b.itemId);
    if (!first) continue;
    const distance = (key: string) => group.pairs.find((p) => (p.a === key && p.b === first.imageHash) || (p.b === key && p.a === first.imageHash))?.distance;
    for (const use of later) {
      // The same picture shown twice in one dataset is several questions about it, not a copy.
      if (use.imageHash === first.imageHash && use.datasetId === first.datasetId) continue;
      const d = use.imageHash === first.imageHash ? 0 : distance(use.imageHash);
      const how = use.imageHash === first.imageHash ? 'is the same image as' : `looks like${d === undefined ? ' (through a near copy)' : ` (${d} of 64 bits differ from)`}`;
      findings.push({
        rule: 'near_duplicate_image', itemId: use.itemId, extId: use.extId, datasetId: use.datasetId, questionId: null, role: null,
        message: `the image of ${use.extId} ${how} the image of ${first.dataset} item ${first.extId}`,
      });
    }
  }
  return findings;
}

function questionFindings(groups: Duplicates['questionGroups']): LintFinding[] {
  return groups.flatMap(({ questions: [first, ...later] }) => later.map((q) => ({
    rule: 'duplicate_question' as const, itemId: q.itemId, extId: q.extId, datasetId: q.datasetId, questionId: q.questionId, role: q.role,
    message: `${q.role} question of ${q.extId} repeats the ${first!.role} question of ${first!.dataset} item ${first!.extId} (same text and image)`,
  })));
}
