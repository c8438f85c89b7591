import { runConfigInputSchema, type OptimizeInput, type RunConfigParsed, type TaskBy } from '@shared/contract';
import { presetTemplate, type PromptTemplate } from '@shared/prompts/templates';
import type { OptimizeParams } from '@shared/optimize/params';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/endpoints';
import { recordEndpoint } from '../endpoints/recorded';
import { AppError } from '../errors';
import { findDataset } from '../datasets/datasets';
import { isMmmuDataset, multipleChoiceTexts, taskItems } from './store';
import { detectQuestionTemplate, inlineQuestionTemplate, matchQuestion, questionTemplateProblem } from '@shared/optimize/question-template';

/** An optimisation's settings, frozen when it is created so resuming it asks exactly the same things. */
export interface OptimizeConfig {
  datasetId: number;
  task: string | null;
  roles: OptimizeInput['roles'];
  target: string;
  optimizer: string;
  analyzer: string;
  embeddings: string | null;
  /** How similarity to p0 is measured, as chosen when frozen; null only in a plan that would be refused (no measure chosen). */
  similarity: 'embeddings' | 'lexical' | null;
  /** The column `task` is a value of (resolved: MMMU subjects or the category when `auto` was asked). */
  taskBy: Exclude<TaskBy, 'auto'>;
  mode: 'whole' | 'prefix';
  /** What is optimised (METHODS §7.7): the task's own question template with its slots, the wrapper around the question, or a prefix. */
  scope: OptimizeScope;
  /** The task's question template when scope is 'question-template', and whether it was detected or declared. */
  questionTemplate: { text: string; source: 'detected' | 'declared' } | null;
  zeroShot: boolean;
  template: PromptTemplate;
  p0: string;
  fewItemIds: number[];
  testItemIds: number[];
  params: OptimizeParams;
  /**
   * Model and URL fingerprint of each endpoint named above, by name, when it was frozen (issue 29): what a resume is
   * compared with, never where to send. Absent on optimisations frozen before.
   */
  recorded?: Record<string, { model: string; urlFingerprint: string }>;
}

export type OptimizeScope = 'question-template' | 'wrapper' | 'prefix';

const VALIDATION_SPLITS = ['val', 'validation', 'dev'];

/**
 * The prompt p0 a task starts from: the wrapper with the task's question template written in (the paper's "whole
 * prompt for each task"), the wrapper alone, or the paper's prefix for item-by-item benchmarks.
 */
export function initialPrompt(template: PromptTemplate, mode: 'whole' | 'prefix', task: string, questionTemplate: string | null): string {
  if (mode === 'prefix') return `Answer the questions about ${task}.`;
  return questionTemplate ? inlineQuestionTemplate(template.multipleChoice, questionTemplate) : template.multipleChoice;
}

/** The template a candidate is asked with: it replaces the multiple-choice wording, or goes before it as a prefix. */
export function candidateTemplate(base: PromptTemplate, config: Pick<OptimizeConfig, 'mode' | 'questionTemplate'>, prompt: string): PromptTemplate {
  if (config.mode === 'prefix') {
    return { ...base, id: `${base.id}+prefix`, name: `${base.name} (with prefix)`, multipleChoice: `${prompt}\n${base.multipleChoice}`, open: `${prompt}\n${base.open}` };
  }
  const customised = { ...base, id: `${base.id}+tpeval`, name: `${base.name} (customised)`, multipleChoice: prompt };
  return config.questionTemplate ? { ...customised, questionTemplate: config.questionTemplate.text } : customised;
}

/** The multiple-choice question texts of the task's items, which a question template must cover. */
function taskQuestions(db: Db, input: OptimizeInput, itemIds: number[]): string[] {
  return multipleChoiceTexts(db, itemIds, input.roles);
}

/** The task's question template: the declared one (every question must match it), else the detected one, else none. */
function questionTemplateOf(db: Db, input: OptimizeInput, itemIds: number[]): OptimizeConfig['questionTemplate'] {
  if (input.mode === 'prefix' || input.scope === 'wrapper') return null;
  const questions = taskQuestions(db, input, itemIds);
  if (input.questionTemplate !== null) {
    const problem = questionTemplateProblem(input.questionTemplate);
    if (problem) throw new AppError('invalid_input', `question template: ${problem}`);
    const stray = questions.find((q) => matchQuestion(input.questionTemplate!, q) === null);
    if (stray !== undefined) throw new AppError('invalid_input', `the question "${stray.slice(0, 120)}" does not follow the template "${input.questionTemplate}"`);
    return { text: input.questionTemplate, source: 'declared' };
  }
  const detected = detectQuestionTemplate(questions);
  return detected ? { text: detected, source: 'detected' } : null;
}

/** `auto` as a column: MMMU's subjects when every item has an MMMU id (the paper's MMMU tasks), else the category. */
export function resolveTaskBy(db: Db, datasetId: number, taskBy: TaskBy): Exclude<TaskBy, 'auto'> {
  if (taskBy !== 'auto') return taskBy;
  return isMmmuDataset(db, datasetId) ? 'mmmu-subject' : 'category';
}

/**
 * Freezes an optimisation: the endpoints must exist, the task must have questions, and D_few is the chosen items, the
 * task's validation split, or (as the paper does for MMMU's dev+val) every other item; the rest is the test set.
 */
export function freezeOptimizeConfig(db: Db, input: OptimizeInput, endpoints: EndpointStore): OptimizeConfig {
  findDataset(db, input.datasetId);
  const recorded: NonNullable<OptimizeConfig['recorded']> = {};
  for (const name of [input.target, input.optimizer, input.analyzer, input.embeddings]) {
    if (!name) continue;
    const { model, urlFingerprint } = recordEndpoint(endpoints.get(name));
    recorded[name] = { model, urlFingerprint };
  }
  const template = presetTemplate(input.templateId);
  if (!template) throw new AppError('invalid_input', `no prompt template "${input.templateId}"`);
  const taskBy = resolveTaskBy(db, input.datasetId, input.taskBy);
  const items = taskItems(db, input.datasetId, input.task, taskBy);
  const label = input.task ?? findDataset(db, input.datasetId).name;
  if (items.length === 0) throw new AppError('invalid_input', `the task "${label}" (by ${taskBy}) has no items`);
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
  const questionTemplate = questionTemplateOf(db, input, items.map((i) => i.id));
  const scope: OptimizeScope = input.mode === 'prefix' ? 'prefix' : questionTemplate ? 'question-template' : 'wrapper';
  return {
    datasetId: input.datasetId, task: input.task, roles: input.roles, target: input.target, optimizer: input.optimizer,
    analyzer: input.analyzer ?? input.optimizer, embeddings: input.embeddings, similarity: input.embeddings ? 'embeddings' : input.lexicalSimilarity ? 'lexical' : null,
    taskBy, mode: input.mode, scope, questionTemplate, zeroShot: input.zeroShot,
    template, p0: initialPrompt(template, input.mode, label, questionTemplate?.text ?? null), fewItemIds: few,
    testItemIds: items.map((i) => i.id).filter((id) => !fewSet.has(id)),
    params: input.params, recorded,
  };
}

/** The questions of the task among these items: a candidate's few-shot set, or the held-out test set. */
export function taskFilter(config: OptimizeConfig, itemIds: number[]): RunConfigParsed['filter'] {
  // The item ids alone pick the task's questions; a category filter as well only where tasks are categories.
  return { ...(config.task !== null && config.taskBy === 'category' ? { category: config.task } : {}), itemIds };
}

/** An ordinary run asking the target with a prompt: deterministic, the analyzer reading what the rules cannot. */
export function runInputFor(config: OptimizeConfig, prompt: string, itemIds: number[], name: string): RunConfigParsed {
  return runConfigInputSchema.parse({
    name, datasetId: config.datasetId, model: config.target, roles: config.roles, filter: taskFilter(config, itemIds),
    template: candidateTemplate(config.template, config, prompt), judge: config.analyzer, temperature: 0,
  });
}
