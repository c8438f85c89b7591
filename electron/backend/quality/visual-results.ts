import { z } from 'zod';
import { DEFAULT_BLIND_SHARE, type BlindSummary, type LintFinding, type VisualPattern, type VisualQuestion, type VisualResults } from '@shared/contract';
import type { Db } from '../db/open';
import { fingerprintOf } from './visual';
import { datasetRuns } from './store/run-readings';
import { datasetQuestions, datasetReadings, itemDataset, itemQuestions, panelDatasets, panelRow, type CheckedQuestionRow, type ReadingRow } from './store/visual';

interface Panel { textOnly: string[]; vision: string[]; threshold: number }

const names = z.array(z.string());

/** A dataset's panel: the models and threshold of its last check (none yet: no models, MMStar's threshold). */
export function panelOf(db: Db, datasetId: number): Panel {
  const row = panelRow(db, datasetId);
  if (!row) return { textOnly: [], vision: [], threshold: DEFAULT_BLIND_SHARE };
  return { textOnly: names.parse(JSON.parse(row.text_only)), vision: names.parse(JSON.parse(row.vision)), threshold: row.threshold };
}

/**
 * MMStar's rule as a share (DECISIONS 236): flagged when more than `threshold` of the text-only models whose reading of
 * the question's current text is kept answered it right (with 8 models and 0.25: 3 or more, MMStar's "more than 2").
 */
export const isBlind = (right: number, asked: number, threshold: number): boolean => asked > 0 && right > threshold * asked;

/** Each question with a reading of its current text by a model of the panel, and its counts. */
function questionsWithCounts(panel: Panel, questions: readonly CheckedQuestionRow[], readings: readonly ReadingRow[]): VisualQuestion[] {
  const byQuestion = new Map<number, ReadingRow[]>();
  for (const r of readings) byQuestion.set(r.question_id, [...(byQuestion.get(r.question_id) ?? []), r]);
  const text = new Set(panel.textOnly);
  const vision = new Set(panel.vision);
  const out: VisualQuestion[] = [];
  for (const q of questions) {
    const fingerprint = fingerprintOf(q);
    const current = (byQuestion.get(q.id) ?? []).filter((r) => r.fingerprint === fingerprint && (r.images === 1 ? vision : text).has(r.model));
    if (current.length === 0) continue;
    const blind = current.filter((r) => r.images === 0);
    const seeing = current.filter((r) => r.images === 1);
    const blindRight = blind.filter((r) => r.outcome === 'right').length;
    out.push({
      questionId: q.id, itemId: q.item_id, extId: q.ext_id, role: q.role,
      blindRight, blindAsked: blind.length, visionRight: seeing.filter((r) => r.outcome === 'right').length, visionAsked: seeing.length,
      blind: isBlind(blindRight, blind.length, panel.threshold),
      readings: current.map((r) => ({ model: r.model, images: r.images === 1, outcome: r.outcome }))
        .sort((a, b) => Number(a.images) - Number(b.images) || a.model.localeCompare(b.model)),
    });
  }
  return out;
}

/** Per triplet, which roles were answered blind: null for a role with no checked question. */
function patterns(questions: readonly VisualQuestion[]): VisualPattern[] {
  const byItem = new Map<number, VisualPattern>();
  for (const q of questions) {
    const pattern = byItem.get(q.itemId) ?? { itemId: q.itemId, extId: q.extId, origin: null, perception: null, knowledge: null };
    pattern[q.role] = (pattern[q.role] ?? false) || q.blind;
    byItem.set(q.itemId, pattern);
  }
  return [...byItem.values()];
}

/**
 * Per model of the panel and side, the templates of the runs its readings of the questions' current text came from:
 * ticked runs may have used another template than the check's (METHODS §11).
 */
function modelTemplates(db: Db, datasetId: number, panel: Panel, questions: readonly CheckedQuestionRow[], readings: readonly ReadingRow[]): VisualResults['models'] {
  const fingerprints = new Map(questions.map((q) => [q.id, fingerprintOf(q)]));
  const runs = datasetRuns(db, datasetId);
  const sides = [...panel.textOnly.map((model) => ({ model, images: false })), ...panel.vision.map((model) => ({ model, images: true }))];
  return sides.map(({ model, images }) => {
    const current = readings.filter((r) => r.model === model && (r.images === 1) === images && r.fingerprint === fingerprints.get(r.question_id));
    const templates = new Set(current.flatMap((r) => (r.run_id === null ? [] : [runs.get(r.run_id)?.template ?? null])).filter((t) => t !== null));
    return { model, images, templates: [...templates].sort() };
  });
}

/** The check's results for a dataset (`quality.visual`). */
export function visualResults(db: Db, datasetId: number): VisualResults {
  const panel = panelOf(db, datasetId);
  const all = datasetQuestions(db, datasetId);
  const readings = datasetReadings(db, datasetId);
  const questions = questionsWithCounts(panel, all, readings);
  return { datasetId, ...panel, questions, triplets: patterns(questions), models: modelTemplates(db, datasetId, panel, all, readings) };
}

/** The flags of one item's questions, of those `visible` (the caller's read rules decide which). */
export function visualOfItem(db: Db, itemId: number, visible: ReadonlySet<number>): { threshold: number; questions: VisualQuestion[] } {
  const datasetId = itemDataset(db, itemId);
  if (datasetId === undefined) return { threshold: DEFAULT_BLIND_SHARE, questions: [] };
  const panel = panelOf(db, datasetId);
  const questions = itemQuestions(db, itemId).filter((q) => visible.has(q.id));
  return { threshold: panel.threshold, questions: questionsWithCounts(panel, questions, datasetReadings(db, datasetId)) };
}

/**
 * The columns exports add per checked question (docs/FORMATS.md): `answerable_without_image` yes or no, and
 * `answered_without_image`, right of asked text-only models ("2/8"). A question never checked gets neither.
 */
export function blindColumns(db: Db, datasetId: number): Map<number, Record<string, string>> {
  const checked = visualResults(db, datasetId).questions.filter((q) => q.blindAsked > 0);
  return new Map(checked.map((q) => [q.questionId, { answerable_without_image: q.blind ? 'yes' : 'no', answered_without_image: `${q.blindRight}/${q.blindAsked}` }]));
}

const share = (key: string, qs: readonly { blind: boolean }[]) => {
  const blind = qs.filter((q) => q.blind).length;
  return { key, checked: qs.length, blind, share: qs.length ? blind / qs.length : 0 };
};

function grouped<T>(items: readonly T[], keyOf: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of items) groups.set(keyOf(t), [...(groups.get(keyOf(t)) ?? []), t]);
  return groups;
}

/**
 * The quality report's `blind` section: of the questions checked with at least one text-only model, the share
 * answerable without the image, per role and per source (items without a source under ''); null when never checked.
 */
export function blindSummary(db: Db, datasetId: number): BlindSummary | null {
  if (!panelRow(db, datasetId)) return null;
  const sources = new Map(datasetQuestions(db, datasetId).map((q) => [q.id, q.source ?? '']));
  const checked = visualResults(db, datasetId).questions.filter((q) => q.blindAsked > 0);
  const byRole = [...grouped(checked, (q) => q.role)].map(([key, qs]) => share(key, qs));
  const bySource = [...grouped(checked, (q) => sources.get(q.questionId) ?? '')].map(([key, qs]) => share(key, qs));
  const all = share('', checked);
  return { byRole, bySource, checked: all.checked, blind: all.blind };
}

/** `anchor lint`'s rule `answerable_without_image`: every flagged question of the datasets checked (or of one). */
export function visualFindings(db: Db, datasetId?: number): LintFinding[] {
  const datasets = panelDatasets(db).filter((id) => datasetId === undefined || id === datasetId);
  return datasets.flatMap((id) => {
    const { questions, threshold } = visualResults(db, id);
    return questions.filter((q) => q.blind).map((q) => ({
      rule: 'answerable_without_image' as const, itemId: q.itemId, extId: q.extId, datasetId: id, questionId: q.questionId, role: q.role,
      message: `${q.role} question of ${q.extId} is answerable without the image: ${q.blindRight} of ${q.blindAsked} text-only models answered it right `
        + `(more than ${Math.round(threshold * 100)}%)`,
    }));
  });
}
