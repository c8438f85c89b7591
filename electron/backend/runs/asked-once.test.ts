import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProject, writeTsv } from '../../../test/fixtures';

const ctx = withProject();

/** Four questions: 1 and 3 rotate; 2 has an option naming two labels, 4 an option that is a bare capital. */
async function seed(): Promise<number> {
  const file = join(ctx.dir, 'asked-once.tsv');
  writeTsv(file, [
    ['index', 'question', 'A', 'B', 'C', 'D', 'answer', 'category'],
    ['1', 'Which shape is marked?', 'circle', 'square', 'star', 'triangle', 'A', 'shapes'],
    ['2', 'Which are round?', 'circle', 'ball', 'Both A and B', 'neither', 'C', 'shapes'],
    ['3', 'Which colour is the sky?', 'red', 'blue', 'green', 'black', 'B', 'colours'],
    ['4', 'Which letter comes first?', 'B', 'A', 'C', 'D', 'B', 'letters'],
  ]);
  return (await ctx.backend.call('imports.run', { files: [file], dataset: 'asked once' })).datasetId;
}

describe('CircularEval says which questions it asks once, and each one\'s own reason (issue 34 minor)', () => {
  it('the dry run lists every asked-once question with its reason, and its warning gives a true one', async () => {
    const datasetId = await seed();
    const plan = await ctx.backend.call('runs.plan', { datasetId, model: 'random-guess', circular: true });
    expect(plan.askedOnce.map((q) => q.extId)).toEqual(['2', '4']);
    expect(plan.askedOnce[0]!.reason).toMatch(/^option C \("Both A and B"\) names other options/);
    expect(plan.askedOnce[1]!.reason).toMatch(/run of capital letters/);
    const warning = plan.warnings.find((w) => /CircularEval/.test(w));
    // Not one fixed list of every possible reason: the first question's own reason, and where the others are.
    expect(warning).toBe(`2 questions get a single pass under CircularEval: item 2, ${plan.askedOnce[0]!.reason}; 1 more, each with its reason in the list below`);
    const single = await ctx.backend.call('runs.plan', { datasetId, model: 'random-guess', circular: false });
    expect(single.askedOnce).toEqual([]);
  });

  it('the run report lists the same questions with their reasons', async () => {
    const datasetId = await seed();
    const { runId } = await ctx.backend.call('runs.start', { datasetId, model: 'random-guess', circular: true });
    await ctx.backend.state.runs.settled(runId);
    const report = await ctx.backend.call('reports.run', { id: runId });
    const plan = await ctx.backend.call('runs.plan', { datasetId, model: 'random-guess', circular: true });
    expect(report.circular).toMatchObject({ flagged: 2 });
    expect(report.circular!.askedOnce.map((q) => q.extId)).toEqual(['2', '4']);
    expect(report.circular!.askedOnce).toEqual(plan.askedOnce);
  });
});
