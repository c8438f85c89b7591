import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ParsedInput, RunExportFormat } from '@shared/contract';
import type { CallContext } from './dispatch';
import type { BackendState } from './state';
import { findDataset } from './datasets/datasets';
import { appendRevision } from './db/revisions';
import { createSession, endSession, sessionUser } from './team/people/sessions';
import { actorOf, passwordHashOf } from './team/people/users';
import { runExport } from './transfer/exports';
import { exportVariants } from './vrp/export';
import { exportRunResults, resultFileName } from './runs/results/export';
import { callerRules } from './runs/read-rules';
import { callerReadRules } from './team/people/read-rules';

/** A login throttle's slowdown, kept in the project's history where the lead sees it (Team → People). */
export interface LoginSlowdown { by: 'name' | 'address'; key: string; failures: number; until: Date }

/**
 * What `anchor serve` needs beyond contract calls, as named functions: who a session cookie names, logins, and the
 * files of downloads and uploads. The HTTP adapter reaches the backend through this and `call`/`dispatch` only, never
 * through the backend's state (lint forbids `.state` in the adapters).
 */
export interface ServerDoor {
  /** The machine's data folder: uploads and a download's scratch files live under it. */
  readonly dataDir: string;
  now(): Date;
  /** A team server (logins required), decided when the backend was created. */
  isTeam(): boolean;
  /**
   * On a team server, the secret of the owner's sign-in link `anchor serve` prints: made on first use, kept only in
   * memory, new each time the server starts (whoever started it is never locked out, DECISIONS 162); null otherwise.
   */
  ownerToken(): string | null;
  /** Who calls with this session token: on a team server its user (none: refused later); else the local profile. */
  caller(token: string | null): CallContext;
  /** Refuses (`no_project`) when no project is open: a login is refused before the throttle counts it. */
  requireProject(): void;
  /** Whether a user may do a lead's work; with no project open there is nothing to guard. */
  isLead(userId: string): boolean;
  passwordHashOf: (name: string) => ReturnType<typeof passwordHashOf>;
  recordSlowdowns(slowdowns: readonly LoginSlowdown[]): void;
  startSession(userId: string): { token: string; expires: Date };
  endSession(token: string): void;
  dataset(ref: number | string): { id: number; name: string };
  exportDataset(input: ParsedInput<'exports.run'>, userId: string | null): ReturnType<typeof runExport>;
  exportVariants(datasetId: number, dir: string): void;
  /**
   * A run's results for this caller, under the read rules of `runs.predictions` (drafts, open human baselines), written
   * into `dir` under the name a download gives it; returns that name.
   */
  exportRunResults(id: number, format: RunExportFormat, ctx: CallContext, dir: string): Promise<string>;
}

export function serverDoor(state: BackendState): ServerDoor {
  const db = () => state.requireProject().db;
  let ownerSecret: string | null = null;
  return {
    dataDir: state.dataDir,
    now: state.now,
    isTeam: () => state.team,
    ownerToken: () => (state.team ? (ownerSecret ??= randomBytes(24).toString('base64url')) : null),
    caller: (token) => {
      if (!state.team) return { userId: state.localProfile };
      const userId = token && state.project ? sessionUser(state.project.db, token, state.now()) : null;
      return { userId, requireUser: true, remote: true };
    },
    requireProject: () => {
      state.requireProject();
    },
    isLead: (userId) => !state.project || Boolean(actorOf(state.project.db, userId)?.roles.includes('lead')),
    passwordHashOf: (name) => passwordHashOf(db(), name),
    recordSlowdowns: (slowdowns) => {
      for (const s of slowdowns) appendRevision(db(), 'login', s.key, null, state.now(), 'slowed', { by: s.by, failures: s.failures, until: s.until.toISOString() });
    },
    startSession: (userId) => createSession(db(), userId, state.now()),
    endSession: (token) => {
      if (state.project) endSession(state.project.db, token);
    },
    dataset: (ref) => findDataset(db(), ref),
    exportDataset: (input, userId) => runExport(db(), input, userId),
    exportVariants: (datasetId, dir) => {
      exportVariants(db(), datasetId, dir);
    },
    exportRunResults: async (id, format, ctx, dir) => {
      const summary = state.runs.get(id);
      const name = resultFileName(summary, format);
      await exportRunResults(db(), summary, format, join(dir, name), callerRules(callerReadRules(db), ctx));
      return name;
    },
  };
}
