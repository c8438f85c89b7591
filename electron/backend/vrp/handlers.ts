import type { MethodName } from '@shared/contract';
import type { Handlers } from '../dispatch';
import { resolve } from 'node:path';
import type { HandlerContext } from '../context';
import { exportVariants, listVariants } from './export';
import { generateVariants, type GenerateInput } from './generate';
import { nodeKonva } from './konva-node';
import { AppError } from '../errors';
import { sceneRefusalFor } from '../team/assignment/scene-access';
import { requireReadablePath } from '../uploads';
import { exportRegions, importRegions } from './regions/scenes';
import { planVariants } from './plan';
import { canvasItems, getScene, saveScene } from './scenes';

type VrpMethod = Extract<MethodName, `${'scenes' | 'variants' | 'regions'}.${string}`>;

/** Scenes drawn in the Canvas screen, their regions in and out, and the variants generated from them. */
export function vrpHandlers(domain: HandlerContext): Pick<Handlers, VrpMethod> {
  const { db, now } = domain;
  const start = (input: GenerateInput, userId: string | null, remote = false) => {
    // A folder on the server is the owner's to name; over the network variants are downloaded as an archive.
    if (remote && input.out) throw new AppError('forbidden', 'over the network, download the variants (Canvas → Export variants) instead of naming a folder on the server');
    const project = db();
    // Planned before the job exists, so bad input (an empty text for full intervention, a huge image) is refused at once.
    const plan = planVariants(project, input.dataset, input.selection);
    const title = `Variants of ${plan.summary.dataset}`;
    const K = nodeKonva(domain.resourcesDir);
    return domain.jobs.start('variants', title, 'variants', (control) =>
      generateVariants(project, K, plan, input, control, { title, startedAt: now().toISOString(), userId, now }).then((result) => {
        domain.events.changed(['datasets', 'items', 'questions']);
        return result;
      }),
    );
  };
  return {
    'scenes.items': ({ datasetId }) => canvasItems(db(), datasetId),
    'scenes.get': ({ itemId }) => getScene(db(), itemId),
    'scenes.save': ({ itemId, baseVersion, scene }, ctx) => {
      const refusal = sceneRefusalFor(db(), ctx.userId, itemId);
      if (refusal) throw new AppError('forbidden', refusal);
      return saveScene(db(), itemId, baseVersion, scene, ctx.userId, now());
    },
    'variants.plan': ({ dataset, selection }) => planVariants(db(), dataset, selection).summary,
    'variants.start': (input, ctx) => ({ jobId: start(input, ctx.userId, ctx.remote).job.id }),
    'variants.run': (input, ctx) => start(input, ctx.userId, ctx.remote).done,
    'variants.list': ({ dataset }) => listVariants(db(), dataset),
    'variants.export': ({ dataset, out }) => exportVariants(db(), dataset, out),
    // Region files are paths on this machine: the export is the owner's (contract); remotely an import reads uploads only.
    'regions.export': ({ datasetId, format, out, imagePrefix }) => exportRegions(db(), datasetId, format, resolve(out), imagePrefix),
    'regions.import': ({ datasetId, path, format }, ctx) => {
      requireReadablePath(domain.dataDir, ctx, path);
      return importRegions(db(), datasetId, resolve(path), format, ctx.userId, now());
    },
  };
}
