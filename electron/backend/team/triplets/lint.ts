import type { LintFinding } from '@shared/contract';
import type { Db } from '../../db/open';
import { readAnswer, readOptions } from './store/json';
import { lintQuestionRows } from './store/lint';

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Checks a dataset (or the whole project) for what breaks scoring or misleads a model: gold answers that are not an
 * option label (the published MMEvalPro data has `Z` and a lowercase `d`), repeated options, items without an image,
 * empty questions, MMEvalPro questions without options, and triplets missing a role. Read-only; every finding names its item and question.
 */
export function lintProject(db: Db, datasetId?: number): LintFinding[] {
  const rows = lintQuestionRows(db, datasetId);
  const findings: LintFinding[] = [];
  const seenItems = new Set<number>();
  for (const q of rows) {
    const at = { itemId: q.item_id, extId: q.ext_id, datasetId: q.dataset_id };
    const add = (rule: LintFinding['rule'], message: string, question = true) =>
      findings.push({ rule, ...at, questionId: question ? q.id : null, role: question ? q.role : null, message });
    if (!seenItems.has(q.item_id)) {
      seenItems.add(q.item_id);
      if (q.images === 0) add('missing_image', `item ${q.ext_id} has no image`, false);
      const roles = new Set(q.roles.split(','));
      const missing = ['origin', 'perception', 'knowledge'].filter((r) => !roles.has(r));
      if ((roles.has('perception') || roles.has('knowledge')) && missing.length > 0) {
        add('missing_role', `triplet ${q.ext_id} has no ${missing.join(' or ')} question`, false);
      }
    }
    if (!q.text.trim()) add('empty_question', `${q.role} question of ${q.ext_id} is empty`);
    const options = readOptions(q.options);
    // Every MMEvalPro question is multiple-choice: one stored as open with no options (a release row whose choices
    // were missing) has a gold answer like "B" that no reply can be scored against.
    if (q.type !== 'multiple-choice' && q.format === 'mmevalpro' && options.length === 0) {
      add('too_few_options', `${q.role} question of ${q.ext_id} has no options, though MMEvalPro questions are multiple-choice`);
    }
    if (q.type !== 'multiple-choice') continue;
    const answer = readAnswer(q.answer)[0];
    const labels = options.map((o) => o.label);
    if (options.length < 2) add('too_few_options', `${q.role} question of ${q.ext_id} has ${options.length} option${options.length === 1 ? '' : 's'}`);
    if (answer === undefined) add('answer_not_option', `${q.role} question of ${q.ext_id} has no answer`);
    else if (!labels.includes(answer)) {
      const hint = labels.includes(answer.toUpperCase()) ? ` (did you mean ${answer.toUpperCase()}?)` : ` (options are ${labels.join(', ') || 'none'})`;
      add('answer_not_option', `${q.role} question of ${q.ext_id}: answer "${answer}" is not an option label${hint}`);
    }
    const seen = new Map<string, string>();
    for (const o of options) {
      const key = normalise(o.text);
      const first = seen.get(key);
      if (first !== undefined && key) add('duplicate_options', `${q.role} question of ${q.ext_id}: options ${first} and ${o.label} are both "${o.text.trim()}"`);
      else seen.set(key, o.label);
    }
  }
  return findings;
}
