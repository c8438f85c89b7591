import type { DuplicateImageGroup, DuplicateQuestionGroup, Duplicates } from '@shared/contract';
import type { Db } from '../db/open';
import type { JobControl } from '../jobs/registry';
import { halves, imageDistance, type HashHalves } from './dhash';
import { ensureImageHashes } from './hashes';
import { imageUses, questionKeyRows, unhashableImages, type ImageUseRow, type StoredHash } from './store';
import { questionKey } from './question-key';

type Place = DuplicateImageGroup['images'][number]['uses'][number];
interface Hashed { key: string; whole: HashHalves; inner: HashHalves; flat: boolean; uses: Place[] }

/**
 * Near-duplicate images and exact duplicate questions of the project (METHODS §9). Hashes images not hashed yet
 * first. With a dataset, only groups touching it, still compared with every dataset (a new benchmark reusing MMBench
 * images is found from either side).
 */
export async function findDuplicates(db: Db, threshold: number, datasetId?: number, control?: JobControl): Promise<Duplicates> {
  const made = await ensureImageHashes(db, control);
  const touches = (places: readonly { datasetId: number }[]) => datasetId === undefined || places.some((p) => p.datasetId === datasetId);
  const imageGroups = nearDuplicateImages(hashedImages(imageUses(db), made), threshold).filter((g) => touches(g.images.flatMap((i) => i.uses)));
  const questionGroups = duplicateQuestions(db).filter((g) => touches(g.questions));
  // A read-only project stored nothing: what could not be hashed is in `made` only.
  const unstored = [...made.values()].filter((h) => h.error !== null && db.readonly).map((h) => ({ imageHash: h.imageHash, reason: h.error ?? '' }));
  return { threshold, imageGroups, questionGroups, unhashable: [...unhashableImages(db), ...unstored] };
}

/** Each distinct image with hashes once (stored, or `made` by this check), with every item showing it, in the order of their first use. */
export function hashedImages(rows: readonly ImageUseRow[], made: ReadonlyMap<string, StoredHash>): Hashed[] {
  const byKey = new Map<string, Hashed>();
  for (const r of rows) {
    let image = byKey.get(r.image_hash);
    if (!image) {
      const fresh = made.get(r.image_hash);
      const whole = r.whole_hash ?? fresh?.whole ?? null;
      const inner = r.inner_hash ?? fresh?.inner ?? null;
      if (whole === null || inner === null) continue;
      image = { key: r.image_hash, whole: halves(whole), inner: halves(inner), flat: r.flat === null ? (fresh?.flat ?? false) : r.flat === 1, uses: [] };
      byKey.set(r.image_hash, image);
    }
    if (!image.uses.some((u) => u.itemId === r.item_id)) image.uses.push({ itemId: r.item_id, extId: r.ext_id, datasetId: r.dataset_id, dataset: r.dataset });
  }
  return [...byKey.values()];
}

/**
 * Groups images joined by pairs within the threshold (connected components: a chain of near copies is one group). A
 * group is reported when it holds two or more distinct images, or one image shown in two or more datasets; one image
 * shown by several items of one dataset is how such datasets ask several questions of a picture (DECISIONS 230).
 * Every pair is compared: a project of 10,000 images is 50 million comparisons of two 32-bit words. Flat images
 * (blank, one colour) are never compared; one is still reported when shown in two datasets.
 */
export function nearDuplicateImages(images: readonly Hashed[], threshold: number): DuplicateImageGroup[] {
  const parent = images.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const pairs: { i: number; j: number; distance: number }[] = [];
  for (let i = 0; i < images.length; i++) {
    if (images[i]!.flat) continue;
    for (let j = i + 1; j < images.length; j++) {
      if (images[j]!.flat) continue;
      const distance = imageDistance(images[i]!, images[j]!);
      if (distance > threshold) continue;
      pairs.push({ i, j, distance });
      parent[root(j)] = root(i);
    }
  }
  const members = new Map<number, number[]>();
  images.forEach((_, i) => members.set(root(i), [...(members.get(root(i)) ?? []), i]));
  const groups: DuplicateImageGroup[] = [];
  for (const [top, indexes] of members) {
    const datasets = new Set(indexes.flatMap((i) => images[i]!.uses.map((u) => u.datasetId)));
    if (indexes.length < 2 && datasets.size < 2) continue;
    groups.push({
      images: indexes.map((i) => ({ imageHash: images[i]!.key, uses: images[i]!.uses })),
      pairs: pairs.filter((p) => root(p.i) === top).map((p) => ({ a: images[p.i]!.key, b: images[p.j]!.key, distance: p.distance })),
    });
  }
  return groups;
}

/** Questions with the same normalised text and the same images, in the order of their first use (DECISIONS 231). */
export function duplicateQuestions(db: Db): DuplicateQuestionGroup[] {
  const byKey = new Map<string, DuplicateQuestionGroup>();
  for (const q of questionKeyRows(db)) {
    const text = questionKey(q.text);
    if (!text) continue;
    const key = `${text}\u0000${q.images}`;
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { text, imageHashes: q.images ? q.images.split(',') : [], questions: [] }));
    group.questions.push({ questionId: q.id, role: q.role, itemId: q.item_id, extId: q.ext_id, datasetId: q.dataset_id, dataset: q.dataset });
  }
  return [...byKey.values()].filter((g) => g.questions.length > 1);
}
