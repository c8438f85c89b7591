import { createHash } from 'node:crypto';
import { HUMAN_MODEL, RANDOM_MODEL, type RunConfigParsed } from '@shared/contract';
import { presetTemplate, promptTemplateSchema, type PromptTemplate } from '@shared/prompts/templates';
import { EXTRACTOR_VERSION } from '@shared/scoring/extract';
import type { EndpointStore } from '../endpoints/endpoints';
import { recordEndpoint, type RecordedEndpoint } from '../endpoints/recorded';
import type { AskSettings } from '../engine/settings';
import { AppError } from '../errors';

export { cacheable, type EndpointSnapshot } from '../engine/settings';

/**
 * An endpoint as a run's configuration holds it. Runs frozen before issue 29 hold `baseUrl` and `replicas` instead of
 * the fingerprint; `identityOf` (endpoints/recorded.ts) is the one reader of either, and no request is built from them.
 */
export type StoredEndpoint = Omit<RecordedEndpoint, 'urlFingerprint'> & { urlFingerprint?: string };

/**
 * What a run was asked with, frozen at creation so a score always names its exact configuration: the engine's settings
 * (VRPTest's clarification, METHODS §6.5, is absent when off) and what only the run keeps.
 */
export interface FrozenConfig extends Omit<AskSettings, 'endpoint' | 'judge'> {
  /** Which endpoints were used, never where to send (runs/endpoint-check.ts resolves them on this machine). */
  endpoint: StoredEndpoint | null;
  judge: StoredEndpoint | null;
  templateHash: string;
  extractor: string;
  circular: boolean;
  selection: Pick<RunConfigParsed, 'datasetId' | 'roles' | 'filter' | 'limit'> & {
    /** Absent means `submitted` (DECISIONS 100); runs frozen before the option asked every question, drafts included. */
    triplets?: 'accepted' | 'drafts';
  };
  /** Set on runs scored from a model-output file: there is nothing to ask, so they cannot be resumed. */
  imported?: { file: string; format: string; rows: number };
  /** Set on a run that re-reads another run's replies with newer extraction rules (`runs.reread`). */
  reread?: { run: number; extractor: string };
  /** Sent as one provider batch; absent (not false) otherwise so older runs keep their configuration hash. */
  batch?: true;
}

export function templateHash(template: PromptTemplate): string {
  const { id: _id, name: _name, ...words } = template;
  return createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 16);
}

export function freezeConfig(input: RunConfigParsed, endpoints: EndpointStore): FrozenConfig {
  const kind = input.model === RANDOM_MODEL ? 'random' : input.model === HUMAN_MODEL ? 'human' : 'model';
  const endpoint = kind === 'model' ? endpoints.get(input.model) : null;
  const judge = input.judge ? recordEndpoint(endpoints.get(input.judge)) : null;
  const template = input.template ? promptTemplateSchema.parse(input.template) : presetTemplate(input.templateId);
  if (!template) throw new AppError('invalid_input', `no prompt template "${input.templateId}"`);
  if (input.circular && kind === 'human') throw new AppError('invalid_input', 'CircularEval is for models; a person answers each question once');
  const trials = input.trials ?? 1;
  if (trials > 1 && kind === 'human') throw new AppError('invalid_input', 'repeated trials are for models; a person answers each question once');
  return {
    kind,
    endpoint: endpoint ? recordEndpoint(endpoint) : null,
    judge,
    template,
    templateHash: templateHash(template),
    extractor: EXTRACTOR_VERSION,
    temperature: input.temperature ?? endpoint?.temperature ?? 0,
    maxTokens: input.maxTokens ?? endpoint?.maxTokens ?? 512,
    seed: input.seed ?? (kind === 'random' ? 0 : null),
    imageMaxSide: input.imageMaxSide,
    circular: input.circular,
    // A text-only model is never sent images, whatever the run asks.
    images: input.images && endpoint?.kind !== 'text',
    concurrency: input.concurrency ?? endpoint?.concurrency ?? 1,
    failFast: input.failFast,
    // Only written when on, so runs frozen before the option existed keep their configuration hash.
    ...(input.vrpClarification ? { vrpClarification: true as const } : {}),
    // Only written when not the default, so a run's configuration hash says what it asked.
    selection: {
      datasetId: input.datasetId, roles: input.roles, filter: input.filter, limit: input.limit,
      ...(input.triplets === 'submitted' ? {} : { triplets: input.triplets }),
    },
    ...(input.batch && kind === 'model' ? { batch: true as const } : {}),
    // Only written when more than one, so runs frozen before the option keep their configuration hash.
    ...(trials > 1 ? { trials } : {}),
  };
}

/** Identifies "the same run again" (for resuming from the CLI); the name is not part of it. */
export function configHash(config: FrozenConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex');
}
