import { describe, expect, it } from 'vitest';
import { runOutcomeSchema, type RunConfigInput, type RunOutcome } from '@shared/contract';
import { until, withProject } from '../../../test/fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { seedEvalDataset } from '../../../test/eval-fixtures';
import { runEnd } from '../cli/wait';

const ctx = withProject();

const randomRun = (datasetId: number, seed = 1): RunConfigInput => ({ datasetId, model: 'random-guess', roles: ['origin'], seed });

describe('a run\'s end through the contract (issue 31)', () => {
  it('says a run has ended only once it has settled: its job\'s result is the outcome, and the run is no longer live', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
    const heard: { outcome: RunOutcome; live: boolean }[] = [];
    // Read in the listener itself: the moment `job.finished` goes out is what a waiting adapter sees.
    const off = ctx.backend.events.on((event) => {
      if (event.type !== 'job.finished' || event.job.kind !== 'run') return;
      const outcome = runOutcomeSchema.parse(event.job.result);
      heard.push({ outcome, live: ctx.backend.state.runs.isLive(outcome.runId) });
    });
    const { runId, jobId } = await ctx.backend.call('runs.start', randomRun(datasetId));
    const outcome = await runEnd(ctx.backend, jobId);
    off();
    expect(outcome).toMatchObject({ runId, status: 'done', answered: 4, errors: 0, error: null });
    expect(heard).toEqual([{ outcome, live: false }]);
    expect((await ctx.backend.call('runs.get', { id: runId })).live).toBeNull();
  });

  it('waits for a job that ended before anyone listened, by asking jobs.get after subscribing', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const { runId, jobId } = await ctx.backend.call('runs.start', randomRun(datasetId));
    await ctx.backend.state.runs.settled(runId);
    expect(await ctx.backend.call('jobs.get', { id: jobId! })).toMatchObject({ status: 'done' });
    expect(await runEnd(ctx.backend, jobId)).toMatchObject({ runId, status: 'done', answered: 3 });
  });

  it('continues an unfinished run of the same configuration with `resume`, and starts a new one without it', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    const first = await ctx.backend.call('runs.start', randomRun(datasetId));
    expect(first.resumed).toBe(false);
    await runEnd(ctx.backend, first.jobId);
    ctx.backend.state.requireProject().db.prepare("UPDATE runs SET status = 'paused' WHERE id = ?").run(first.runId);

    const again = await ctx.backend.call('runs.start', { ...randomRun(datasetId), resume: true });
    expect(again).toMatchObject({ runId: first.runId, resumed: true });
    await runEnd(ctx.backend, again.jobId);
    expect(await ctx.backend.call('runs.get', { id: first.runId })).toMatchObject({ status: 'done' });

    const fresh = await ctx.backend.call('runs.start', randomRun(datasetId));
    expect(fresh.runId).not.toBe(first.runId);
    expect(fresh.resumed).toBe(false);
    await runEnd(ctx.backend, fresh.jobId);
  });

  it('makes a cancelled run the caller\'s error, with the job\'s code', async () => {
    const server = new FakeOpenAI();
    const baseUrl = await server.start();
    try {
      await ctx.backend.call('endpoints.save', { endpoint: { name: 'held', baseUrl, model: 'm', concurrency: 1 } });
      const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
      server.hold();
      const { runId, jobId } = await ctx.backend.call('runs.start', { datasetId, model: 'held' });
      await until(() => server.requests.length > 0);
      await ctx.backend.call('runs.cancel', { id: runId });
      await expect(runEnd(ctx.backend, jobId)).rejects.toMatchObject({ code: 'cancelled', message: expect.stringMatching(/^Run .*: cancelled; every answer/) });
    } finally {
      server.release();
      await server.stop();
    }
  });
});
