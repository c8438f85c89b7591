import type { TripletDraft, TripletVerdicts, UserRole } from '@shared/contract';
import { jsonColumn } from '../../../db/json-column';

/**
 * The team's JSON columns, one named reader per shape, so no call site casts `JSON.parse`. They do not validate: every
 * one of these columns is written only by this backend from values the contract's zod schemas already checked, and a
 * check at read time would refuse (or strip) what older projects stored, and cost a parse per review on the dashboard.
 */
const jsonReader = <T>() => (text: string): T => jsonColumn<T>(text);

/** `reviews.verdicts`. */
export const readVerdicts = jsonReader<TripletVerdicts>();
/** `users.roles`. */
export const readRoles = jsonReader<UserRole[]>();
// A question's options and answer are items' columns: read by items' readers.
export { readAnswer, readOptions } from '../../../items/columns';
/** `questions.meta`: imported metadata, and the annotator's rationale on drafts. */
export const readQuestionMeta = jsonReader<Record<string, unknown> & { rationale?: string }>();

/** `datasets.meta`, whose `checkerRule` key the team keeps (absent while the rule is strict). */
export interface CheckerRuleMeta { relaxed: boolean; reason: string | null; by: string | null; at: string | null }
export type DatasetMeta = Record<string, unknown> & { checkerRule?: CheckerRuleMeta };
export const readDatasetMeta = jsonReader<DatasetMeta>();

/** `revisions.diff` of the triplet and assignment actions the history and exports read (each key where it applies). */
export interface WorkflowDiff {
  version?: number; round?: number; draft?: TripletDraft; checker?: string; guidelineVersion?: number | null;
  annotator?: string; checkers?: string[]; reason?: string;
  /** On a save of a model's draft: the endpoint and model, and whom it was drafted for. */
  drafted?: { endpoint: string; model: string; for: string };
  [key: string]: unknown;
}
export const readWorkflowDiff = jsonReader<WorkflowDiff>();
/** `revisions.diff` of a `submit`: the version it names and the round it opens. */
export const readSubmitDiff = jsonReader<{ version: number; round: number; guidelineVersion?: number | null }>();
/** `revisions.diff` of a `save`: the text saved. */
export const readSaveDiff = jsonReader<{ version: number; draft: TripletDraft }>();

/** `revisions.diff` of a login slow-down the HTTP adapter recorded. */
export const readSlowdownDiff = jsonReader<{ by: 'name' | 'address'; failures: number; until: string }>();
