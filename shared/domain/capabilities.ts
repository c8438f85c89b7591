import type { Access, MethodDef } from '../contract/define';
import type { UserRole } from '../contract/team-entities';
import { hasRole, type Actor } from './permissions';

/**
 * The actions the studio shows or hides, each named by the method that carries it out: a person may take the action
 * exactly when the backend would let them call that method. Kept beside permissions.ts (not in it) so the rules for
 * items and for reading stay in one file and this derivation in another.
 */
export const capabilityMethods = {
  importFiles: 'imports.start',
  exportData: 'exports.run',
  deleteDatasets: 'datasets.delete',
  newRun: 'runs.start',
  controlRuns: 'runs.pause',
  importPredictions: 'runs.importPredictions',
  correctPredictions: 'runs.correct',
  manageEndpoints: 'endpoints.save',
  testEndpoints: 'endpoints.test',
  manageTeam: 'users.add',
  assignWork: 'assignments.assign',
  viewDashboard: 'team.dashboard',
  editGuidelines: 'guidelines.save',
  overrideStatus: 'triplets.override',
  annotate: 'triplets.save',
  review: 'reviews.submit',
  drawScenes: 'scenes.save',
  generateVariants: 'variants.start',
  optimizePrompts: 'optimizations.start',
  switchProject: 'projects.open',
  switchProfile: 'session.switch',
} as const;

export type Capability = keyof typeof capabilityMethods;
export const capabilityNames = Object.keys(capabilityMethods) as Capability[];

/** Where the caller stands: a person (or null for the machine's owner, no profile chosen) and the kind of server. */
export interface Standing {
  actor: Actor | null;
  team: boolean;
}

/** Whether a method's access rule admits the caller: the same test the backend's `authorize` makes. */
export function accessAllows(access: Access, actor: Actor | null): boolean {
  if (access === 'open') return true;
  // No person: the machine's owner (CLI, desktop without a profile), who may do everything.
  if (actor === null) return true;
  if (access === 'user') return true;
  return hasRole(actor, access as readonly UserRole[]);
}

export function mayCall(def: Pick<MethodDef, 'access' | 'localOnly'>, standing: Standing): boolean {
  if (def.localOnly && standing.team) return false;
  // A team server never trusts a caller without a login.
  if (standing.team && standing.actor === null) return def.access === 'open';
  return accessAllows(def.access, standing.actor);
}

/** Where the Import dialog may take files from: paths on the machine, or uploads through the browser. */
export type ImportSource = 'paths' | 'upload';

/**
 * Every capability of the caller, from the contract's access rules. Paths name files on the server's own disk, so
 * they are offered only where the caller is on their own machine (never on a team server, where people upload).
 */
export function capabilitiesOf(
  contract: Record<(typeof capabilityMethods)[Capability], Pick<MethodDef, 'access' | 'localOnly'>>,
  standing: Standing,
): { can: Record<Capability, boolean>; importFrom: ImportSource[] } {
  const can = Object.fromEntries(capabilityNames.map((c) => [c, mayCall(contract[capabilityMethods[c]], standing)])) as Record<Capability, boolean>;
  const importFrom: ImportSource[] = !can.importFiles ? [] : standing.team ? ['upload'] : ['paths', 'upload'];
  return { can, importFrom };
}
