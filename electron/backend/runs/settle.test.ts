import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackendInternals } from '..';
import { withProject } from '../../../test/fixtures';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import type { RunConfigParsed } from '@shared/contract';

const ctx = withProject();

const randomRun = (datasetId: number): RunConfigParsed => ({
  datasetId, model: 'random-guess', roles: ['origin'], filter: {}, limit: null, templateId: 'vlmevalkit-mcq', template: null, temperature: null,
  maxTokens: null, seed: 1, imageMaxSide: 1536, circular: false, images: true, judge: null, concurrency: null, failFast: false, batch: false, triplets: 'submitted',
});

/** A run's end as a process whose disk was full left it beside the project. */
function leaveEnd(runId: number, status: string, error: string): string {
  const path = `${ctx.project}-run-${runId}.end`;
  writeFileSync(path, JSON.stringify({ runId, status, error, finishedAt: '2026-01-01T10:00:00.000Z' }).padEnd(4096, ' '));
  return path;
}

async function reopen(): Promise<void> {
  await ctx.backend.close();
  ctx.backend = await createBackendInternals({ dataDir: join(ctx.dir, 'data') });
  await ctx.backend.call('projects.open', { path: ctx.project });
}

describe('run ends kept beside the project', () => {
  it('copies an end the file refused into a row still "running" at the next open, and never over a run that ended since', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const stuck = ctx.backend.state.runs.start(randomRun(datasetId), null);
    await stuck.done;
    const ended = ctx.backend.state.runs.start({ ...randomRun(datasetId), seed: 2 }, null);
    await ended.done;
    // Run 1's process stopped on a full disk: its row still says running, its end is in its reserve.
    ctx.backend.state.requireProject().db.prepare("UPDATE runs SET status = 'running', finished_at = NULL WHERE id = ?").run(stuck.runId);
    const stuckEnd = leaveEnd(stuck.runId, 'failed', 'could not write: the disk is full');
    // Run 2 was resumed and finished after its reserve was filled: the reserve says nothing any more.
    const staleEnd = leaveEnd(ended.runId, 'failed', 'an old failure');
    expect(await ctx.backend.call('runs.get', { id: stuck.runId })).toMatchObject({ status: 'interrupted' });

    await reopen();
    expect(await ctx.backend.call('runs.get', { id: stuck.runId })).toMatchObject({ status: 'failed', error: 'could not write: the disk is full', finishedAt: '2026-01-01T10:00:00.000Z' });
    expect(await ctx.backend.call('runs.get', { id: ended.runId })).toMatchObject({ status: 'done', error: null });
    expect([existsSync(stuckEnd), existsSync(staleEnd)]).toEqual([false, false]);
  });
});
