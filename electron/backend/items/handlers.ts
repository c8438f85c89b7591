import type { ItemDetail, MethodName } from '@shared/contract';
import type { CallContext, Handlers } from '../dispatch';
import type { HandlerContext } from '../context';
import { getItem, itemNeighbours } from './items';
import { listQuestions, questionFacets, type ReadClause } from './questions';

type ItemMethod = Extract<MethodName, `${'items' | 'questions'}.${string}`>;

/**
 * What a caller may read of the drafts, decided by the team workflow and handed in by `handlers.ts`: the item layer
 * sits below the team, which builds on items.
 */
export interface ReadRules {
  item(item: ItemDetail, ctx: CallContext): ItemDetail;
  questions(ctx: CallContext): ReadClause | null;
  /** Whether the caller reads every draft and every figure as it stands: a lead or the machine's owner. */
  everything(ctx: CallContext): boolean;
  /** Of these items, those whose drafts the caller may read; null when they read every item's. For pages read in memory. */
  draftItems(ctx: CallContext): ((itemIds: readonly number[]) => ReadonlySet<number>) | null;
}

/** Browsing questions and reading one item with its images and questions. */
export function itemHandlers(domain: HandlerContext<{ readRules: ReadRules }>): Pick<Handlers, ItemMethod> {
  const { readRules } = domain;
  const { db } = domain;
  return {
    'questions.list': ({ offset, limit, ...filter }, ctx) => listQuestions(db(), filter, offset, limit, readRules.questions(ctx)),
    'questions.facets': ({ datasetId }) => questionFacets(db(), datasetId),
    'items.get': ({ id }, ctx) => readRules.item(getItem(db(), id), ctx),
    'items.neighbours': ({ id }) => itemNeighbours(db(), id),
  };
}
