import { describe, expect, it } from 'vitest';
import { withProject } from '../../test/fixtures';
import { seedEvalDataset } from '../../test/eval-fixtures';
import { closeDb, openDb } from './db/open';
import { setRunStatus } from './runs/runs';

const ctx = withProject();

async function finishedRun(): Promise<number> {
  const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 4);
  const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess' });
  await ctx.backend.state.runs.settled(runId);
  return runId;
}

describe('the project session owns what is kept for its connection', () => {
  it('keeps summaries in step on the connection it opened, not on another one opened beside it', async () => {
    const runId = await finishedRun();
    const main = ctx.backend.state.requireProject().db;
    const stale = () => main.prepare('SELECT stale FROM run_summaries WHERE run_id = ?').pluck().get(runId);
    // A script's own connection to the same file: it was given no summaries hook, whatever else runs in the process.
    const bare = openDb(ctx.project, { mustExist: true, skipMigrate: true });
    try {
      // A correction by hand: migration 0011's trigger marks the summary stale, whoever writes.
      bare.prepare('UPDATE predictions SET correct = 1 - correct WHERE id = (SELECT min(id) FROM predictions WHERE run_id = ?)').run(runId);
      expect(stale()).toBe(1);
      // Settling the run on that connection recomputes nothing there (its next reader will).
      setRunStatus(bare, runId, 'done', null, new Date());
      expect(stale()).toBe(1);
      expect(bare.summaries).toBeNull();
    } finally {
      closeDb(bare);
    }
    expect(main.summaries).not.toBeNull();
    setRunStatus(main, runId, 'done', null, new Date());
    expect(stale()).toBe(0);
  });

  it('drops what its connection kept when the project closes', async () => {
    await finishedRun();
    await ctx.backend.call('reports.leaderboard');
    const db = ctx.backend.state.requireProject().db;
    expect(db.statements.size).toBeGreaterThan(0);
    ctx.backend.state.close();
    expect(db.open).toBe(false);
    expect(db.statements.size).toBe(0);
    expect(db.summaries).toBeNull();
    expect(db.snapshot).toBeNull();
  });
});
