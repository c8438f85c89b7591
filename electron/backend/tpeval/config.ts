import { runConfigInputSchema, type OptimizeInput, type RunConfigParsed } from '../../../shared/contract';
import { presetTemplate, type PromptTemplate } from '../../../shared/prompts/templates';
import type { OptimizeParams } from '../../../shared/tpeval/params';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/store';
import { AppError } from '../errors';
import { findDataset } from '../services/datasets';

/** An optimisation's settings, frozen when it is created so resuming it asks exactly the same things. */
export interface OptimizeConfig {
  datasetId: number;
  task: string | null;
  roles: OptimizeInput['roles'];
  target: string;
  optimizer: string;
  analyzer: string;
  embeddings: string | null;
  mode: 'whole' | 'prefix';
  zeroShot: boolean;
  template: PromptTemplate;
  p0: string;
  fewItemIds: number[];
  testItemIds: number[];
  params: OptimizeParams;
}

const VALIDATION_SPLITS = ['val', 'validation', 'dev'];

/** The task's items in file order, with their split. */
function taskItems(db: Db, datasetId: number, task: string | null): { id: number; split: string | null }[] {
  return db.prepare(`SELECT id, split FROM items WHERE dataset_id = ? ${task === null ? '' : "AND coalesce(category, '') = ?"} ORDER BY position`)
    .all(...(task === null ? [datasetId] : [datasetId, task])) as { id: number; split: string | null }[];
}

/** The prompt p0 a task starts from: the template's own words, or the paper's prefix for item-by-item benchmarks. */
export function initialPrompt(template: PromptTemplate, mode: 'whole' | 'prefix', task: string): string {
  return mode === 'whole' ? template.multipleChoice : `Answer the questions about ${task}.`;
}

/** The template a candidate is asked with: it replaces the multiple-choice wording, or goes before it as a prefix. */
export function candidateTemplate(base: PromptTemplate, mode: 'whole' | 'prefix', prompt: string): PromptTemplate {
  return mode === 'whole'
    ? { ...base, id: `${base.id}+tpeval`, name: `${base.name} (customised)`, multipleChoice: prompt }
    : { ...base, id: `${base.id}+prefix`, name: `${base.name} (with prefix)`, multipleChoice: `${prompt}\n${base.multipleChoice}`, open: `${prompt}\n${base.open}` };
}

/**
 * Freezes an optimisation: the endpoints must exist, the task must have questions, and D_few is the chosen items, the
 * task's validation split, or (as the paper does for MMMU's dev+val) every other item; the rest is the test set.
 */
export function freezeOptimizeConfig(db: Db, input: OptimizeInput, endpoints: EndpointStore): OptimizeConfig {
  findDataset(db, input.datasetId);
  for (const name of [input.target, input.optimizer, input.analyzer, input.embeddings]) if (name) endpoints.get(name);
  const template = presetTemplate(input.templateId);
  if (!template) throw new AppError('invalid_input', `no prompt template "${input.templateId}"`);
  const items = taskItems(db, input.datasetId, input.task);
  const label = input.task ?? findDataset(db, input.datasetId).name;
  if (items.length === 0) throw new AppError('invalid_input', `the task "${label}" has no items`);
  let few: number[];
  if (input.zeroShot) few = [];
  else if (input.fewItemIds) {
    const known = new Set(items.map((i) => i.id));
    const stray = input.fewItemIds.find((id: number) => !known.has(id));
    if (stray !== undefined) throw new AppError('invalid_input', `item ${stray} is not part of the task "${label}"`);
    few = [...new Set(input.fewItemIds)];
  } else {
    const validation = items.filter((i) => VALIDATION_SPLITS.includes((i.split ?? '').toLowerCase())).map((i) => i.id);
    few = validation.length > 0 && validation.length < items.length ? validation : items.filter((_, k) => k % 2 === 0).map((i) => i.id);
  }
  if (!input.zeroShot && few.length === items.length) throw new AppError('invalid_input', 'the few-shot set takes every item of the task; leave some for the test set');
  const fewSet = new Set(few);
  return {
    datasetId: input.datasetId, task: input.task, roles: input.roles, target: input.target, optimizer: input.optimizer,
    analyzer: input.analyzer ?? input.optimizer, embeddings: input.embeddings, mode: input.mode, zeroShot: input.zeroShot,
    template, p0: initialPrompt(template, input.mode, label), fewItemIds: few, testItemIds: items.map((i) => i.id).filter((id) => !fewSet.has(id)),
    params: input.params,
  };
}

/** The questions of the task among these items: a candidate's few-shot set, or the held-out test set. */
export function taskFilter(config: OptimizeConfig, itemIds: number[]): RunConfigParsed['filter'] {
  return { ...(config.task !== null ? { category: config.task } : {}), itemIds };
}

/** An ordinary run asking the target with a prompt: deterministic, the analyzer reading what the rules cannot. */
export function runInputFor(config: OptimizeConfig, prompt: string, itemIds: number[], name: string): RunConfigParsed {
  return runConfigInputSchema.parse({
    name, datasetId: config.datasetId, model: config.target, roles: config.roles, filter: taskFilter(config, itemIds),
    template: candidateTemplate(config.template, config.mode, prompt), judge: config.analyzer, temperature: 0,
  });
}
