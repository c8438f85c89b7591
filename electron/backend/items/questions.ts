import type { QuestionFilter, QuestionRow } from '@shared/contract';
import type { Db } from '../db/open';
import { readAnswer } from './columns';
import { FACET_COLUMNS, questionFacet, questionPage, questionWhere, withReadRule, type Facet, type SqlClause } from './store';

/** A condition on `q` (the question) and `i` (its item) that hides what the caller may not read. */
export type ReadClause = SqlClause;

// Runs select their questions with the same filter the browser shows.
export { questionWhere };

/**
 * A page of questions in browse order (dataset, file order, origin → perception → knowledge), without the rows
 * `readRule` hides (the team's draft rule, passed in: items sit below the team workflow).
 */
export function listQuestions(
  db: Db, filter: QuestionFilter, offset: number, limit: number, readRule: ReadClause | null = null,
): { total: number; rows: QuestionRow[] } {
  const w = withReadRule(questionWhere(filter), readRule);
  const { total, rows } = questionPage(db, w, offset, limit);
  return {
    total,
    rows: rows.map((r) => {
      const answer = readAnswer(r.answer);
      return {
        id: r.id, itemId: r.item_id, datasetId: r.dataset_id, extId: r.ext_id, role: r.role, type: r.type,
        text: r.text.length > 400 ? `${r.text.slice(0, 400)}…` : r.text, answer: answer.length ? answer.join(' | ') : null,
        source: r.source, category: r.category, status: r.status, imageCount: r.image_count, firstImage: r.first_image,
      };
    }),
  };
}

export function questionFacets(db: Db, datasetId: number | undefined): { sources: Facet; categories: Facet; roles: Facet; statuses: Facet } {
  return {
    sources: questionFacet(db, FACET_COLUMNS.sources, datasetId),
    categories: questionFacet(db, FACET_COLUMNS.categories, datasetId),
    roles: questionFacet(db, FACET_COLUMNS.roles, datasetId),
    statuses: questionFacet(db, FACET_COLUMNS.statuses, datasetId),
  };
}
