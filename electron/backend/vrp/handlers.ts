import type { MethodName } from '@shared/contract';
import type { Handlers } from '../dispatch';
import type { BackendState } from '../state';
import { exportVariants, listVariants } from './export';
import { generateVariants, type GenerateInput } from './generate';
import { nodeKonva } from './konva-node';
import { AppError } from '../errors';
import { sceneRefusal } from '@shared/domain/permissions';
import { itemState } from '../team/assignment-store';
import { actorOf } from '../team/users';
import { planVariants } from './plan';
import { canvasItems, getScene, saveScene } from './scenes';

type VrpMethod = Extract<MethodName, `${'scenes' | 'variants'}.${string}`>;

/** Scenes drawn in the Canvas screen and the variants generated from them. */
export function vrpHandlers(state: BackendState): Pick<Handlers, VrpMethod> {
  const db = () => state.requireProject().db;
  const start = (input: GenerateInput, userId: string | null, remote = false) => {
    // A folder on the server is the owner's to name; over the network variants are downloaded as an archive.
    if (remote && input.out) throw new AppError('forbidden', 'over the network, download the variants (Canvas → Export variants) instead of naming a folder on the server');
    const project = db();
    // Planned before the job exists, so bad input (an empty text for full intervention, a huge image) is refused at once.
    const plan = planVariants(project, input.dataset, input.selection);
    const title = `Variants of ${plan.summary.dataset}`;
    const K = nodeKonva(state.resourcesDir);
    return state.jobs.start('variants', title, 'variants', (control) =>
      generateVariants(project, K, plan, input, control, { title, startedAt: state.now().toISOString(), userId, now: state.now }).then((result) => {
        state.events.changed(['datasets', 'items', 'questions']);
        return result;
      }),
    );
  };
  return {
    'scenes.items': ({ datasetId }) => canvasItems(db(), datasetId),
    'scenes.get': ({ itemId }) => getScene(db(), itemId),
    'scenes.save': ({ itemId, version, scene }, ctx) => {
      const refusal = sceneRefusal(ctx.userId === null ? null : actorOf(db(), ctx.userId), itemState(db(), itemId).assignment);
      if (refusal) throw new AppError('forbidden', refusal);
      return saveScene(db(), itemId, version, scene, ctx.userId, state.now());
    },
    'variants.plan': ({ dataset, selection }) => planVariants(db(), dataset, selection).summary,
    'variants.start': (input, ctx) => ({ jobId: start(input, ctx.userId, ctx.remote).job.id }),
    'variants.run': (input, ctx) => start(input, ctx.userId, ctx.remote).done,
    'variants.list': ({ dataset }) => listVariants(db(), dataset),
    'variants.export': ({ dataset, out }) => exportVariants(db(), dataset, out),
  };
}
