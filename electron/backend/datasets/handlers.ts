import type { MethodName } from '@shared/contract';
import type { Handlers } from '../dispatch';
import type { HandlerContext } from '../context';
import { deleteDataset, listDatasets } from './datasets';

type DatasetMethod = Extract<MethodName, `datasets.${string}`>;

/** The project's datasets: listed with their counts, or deleted with the images only they used. */
export function datasetHandlers(domain: HandlerContext): Pick<Handlers, DatasetMethod> {
  const { db, now } = domain;
  return {
    'datasets.list': () => listDatasets(db()),
    'datasets.delete': ({ id }, ctx) => ({ deleted: deleteDataset(db(), id, ctx.userId, now()) }),
  };
}
