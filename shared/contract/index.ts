import type { z } from 'zod';
import type { ReadDef } from './define';
import { appMethods } from './methods/app';
import { datasetMethods } from './methods/datasets';
import { endpointMethods } from './methods/endpoints';
import { itemMethods } from './methods/items';
import { jobMethods } from './methods/jobs';
import { projectMethods } from './methods/projects';
import { reportMethods } from './methods/reports';
import { runMethods } from './methods/runs';
import { sessionMethods } from './methods/session';
import { teamMethods } from './methods/team';
import { transferMethods } from './methods/transfer';
import { vrpMethods } from './methods/vrp';
import { optimizeMethods } from './methods/optimize';
import { gradingMethods } from './methods/grading';
import { qualityMethods } from './methods/quality';

/** THE API. Every adapter (IPC, HTTP, in-process), the preload allow-list and the renderer client derive from it. */
export const contract = {
  ...appMethods,
  ...projectMethods,
  ...datasetMethods,
  ...itemMethods,
  ...transferMethods,
  ...jobMethods,
  ...endpointMethods,
  ...runMethods,
  ...reportMethods,
  ...sessionMethods,
  ...teamMethods,
  ...vrpMethods,
  ...optimizeMethods,
  ...gradingMethods,
  ...qualityMethods,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
/** What a caller may pass (defaults still optional). */
export type Input<M extends MethodName> = z.input<Contract[M]['input']>;
/** What a handler receives, after validation and defaults. */
export type ParsedInput<M extends MethodName> = z.output<Contract[M]['input']>;
export type Output<M extends MethodName> = z.output<Contract[M]['output']>;

/** The methods that only read: the ones a client may cache, refreshed when a scope they read changes. */
export type ReadMethodName = { [M in MethodName]: Contract[M] extends ReadDef ? M : never }[MethodName];

export const methodNames = Object.keys(contract) as MethodName[];

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

export * from './define';
export * from './entities';
export * from './errors';
export * from './eval-entities';
export * from './events';
export * from './report-entities';
export * from './team-entities';
export * from './collab-entities';
export * from './vrp-entities';
export * from './optimize-entities';
export * from './interop-entities';
export * from './grading-entities';
export * from './quality-entities';
export * from './visual-entities';
export * from './transport';
export { questionFilterSchema, type QuestionFilter } from './methods/items';
export { importFormatSchema, exportFormatSchema, type ImportResult } from './methods/transfer';
