import type { MethodDef, MethodName } from '@shared/contract';
import { appMethods } from '@shared/contract/methods/app';
import { datasetMethods } from '@shared/contract/methods/datasets';
import { jobMethods } from '@shared/contract/methods/jobs';
import { sessionMethods } from '@shared/contract/methods/session';

// The contract's methods, one file of them at a time. Building every zod schema of the API took a fifth of the
// studio's start (DECISIONS 266); a file's schemas are now built when one of its methods is first called, so the
// studio starts on the session's, the jobs' and the datasets' methods (they come with it: fetching them when first
// called would add a round trip to every start) and a screen brings the rest.

/** A method name's first part (`runs` of `runs.start`), which names the contract file that holds it. */
type PrefixOf<M> = M extends `${infer P}.${string}` ? P : never;
type Prefix = PrefixOf<MethodName>;
/** A contract file's methods, read by name (a name of another file finds nothing). */
type Methods = Readonly<Partial<Record<string, MethodDef>>>;

/** The files every start calls, built with the studio. */
const atStart: Record<'app' | 'datasets' | 'jobs' | 'session', Methods> = { app: appMethods, datasets: datasetMethods, jobs: jobMethods, session: sessionMethods };

/** The others, each fetched and built when one of its methods is first called. */
const later = {
  endpoints: () => import('@shared/contract/methods/endpoints').then((m) => m.endpointMethods),
  grading: () => import('@shared/contract/methods/grading').then((m) => m.gradingMethods),
  items: () => import('@shared/contract/methods/items').then((m) => m.itemMethods),
  optimize: () => import('@shared/contract/methods/optimize').then((m) => m.optimizeMethods),
  projects: () => import('@shared/contract/methods/projects').then((m) => m.projectMethods),
  quality: () => import('@shared/contract/methods/quality').then((m) => m.qualityMethods),
  reports: () => import('@shared/contract/methods/reports').then((m) => m.reportMethods),
  runs: () => import('@shared/contract/methods/runs').then((m) => m.runMethods),
  team: () => import('@shared/contract/methods/team').then((m) => m.teamMethods),
  transfer: () => import('@shared/contract/methods/transfer').then((m) => m.transferMethods),
  vrp: () => import('@shared/contract/methods/vrp').then((m) => m.vrpMethods),
} satisfies Record<string, () => Promise<Methods>>;

type LaterFile = keyof typeof later;
type File = keyof typeof atStart | LaterFile;

/**
 * The file of each prefix. Typed by the contract's names: a method with a new prefix does not compile until it is
 * placed here, and a unit test checks each method is found in the file named (method-defs.test.ts).
 */
export const fileOfPrefix: Record<Prefix, File> = {
  app: 'app', datasets: 'datasets', endpoints: 'endpoints', gradings: 'grading', items: 'items', questions: 'items',
  jobs: 'jobs', optimizations: 'optimize', projects: 'projects', quality: 'quality', reports: 'reports', runs: 'runs',
  assignments: 'team', drafting: 'team', guidelines: 'team', lint: 'team', reviews: 'team', session: 'session', team: 'team',
  triplets: 'team', users: 'session', exports: 'transfer', imports: 'transfer', regions: 'vrp', scenes: 'vrp', variants: 'vrp',
};

/** The later files already built (read by the cache, which cannot wait), and each one's fetch. */
const loaded = new Map<LaterFile, Methods>();
const loading = new Map<LaterFile, Promise<Methods>>();

const isLater = (file: File): file is LaterFile => Object.prototype.hasOwnProperty.call(later, file);

const isPrefix = (prefix: string): prefix is Prefix => Object.prototype.hasOwnProperty.call(fileOfPrefix, prefix);

const fileOf = (name: string): File | undefined => {
  const prefix = name.slice(0, name.indexOf('.'));
  return isPrefix(prefix) ? fileOfPrefix[prefix] : undefined;
};

/** Whether `name` has the shape of one of the contract's methods (its file may not be loaded yet). */
export const isMethodShaped = (name: unknown): name is string => typeof name === 'string' && fileOf(name) !== undefined;

/** A file's methods, fetching and building a later file the first time. */
function methodsOf(file: File): Promise<Methods> {
  if (!isLater(file)) return Promise.resolve(atStart[file]);
  const pending = loading.get(file) ?? later[file]().then((methods) => {
    loaded.set(file, methods);
    return methods;
  });
  loading.set(file, pending);
  return pending;
}

/** A method's definition (schemas, scopes), loading its file the first time. */
export async function loadMethod(name: MethodName): Promise<MethodDef> {
  const file = fileOf(name);
  if (!file) throw new Error(`no contract file holds ${name}`);
  const def = (await methodsOf(file))[name];
  if (!def) throw new Error(`the contract file ${file} holds no ${name}`);
  return def;
}

/** A method's definition when its file is already built (every method with a cached answer has been called). */
export function loadedMethod(name: unknown): MethodDef | undefined {
  if (typeof name !== 'string') return undefined;
  const file = fileOf(name);
  if (!file) return undefined;
  return (isLater(file) ? loaded.get(file) : atStart[file])?.[name];
}
