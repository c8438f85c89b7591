import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { backendWithProject, until } from '../../../test/fixtures';
import { seedPictures } from '../../../test/vrp-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { bin, withBuiltCli } from '../../../test/built-cli';
import type { RunSummary, TemplateSweep } from '@shared/contract';

// VRPTest's protocol from the CLI as users run it (issue 35, METHODS §6.6): the template sweep, and repeated trials
// surviving a kill.
const cli = withBuiltCli();
let dir: string;
beforeAll(() => (dir = cli.dir()));

const questionOf = (prompt: string) => Number(/marked region (\d+)\?/.exec(prompt)?.[1] ?? -1);

describe('anchor eval: VRPTest template sweep and repeated trials', () => {
  it('eval --templates vrp runs the four default templates and names the best per model, as report --templates does', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'sweep.anchor');
    await seedPictures(backend, dir, 4);
    await backend.close();
    // Right on questions below the template's count: lmms-eval's wording 4, MMMU's 3, VLMEvalKit's 2, MMEvalPro's 1.
    const right: [RegExp, number][] = [[/There are several options:/, 4], [/\n\n\(A\)/, 3], [/Please select the correct answer/, 2], [/^Analyse the image/, 1]];
    const server = new FakeOpenAI({ reply: (prompt) => (questionOf(prompt) < (right.find(([w]) => w.test(prompt))?.[1] ?? 0) ? 'A' : 'B') });
    const baseUrl = await server.start();
    try {
      expect(cli.anchor('models', 'add', 'web', '--base-url', baseUrl, '--model', 'web-vl', '--json').code).toBe(0);
      const r = await cli.anchorAsync('eval', '--project', project, '--dataset', 'pictures', '--model', 'web', '--templates', 'vrp', '--json');
      expect(r.code).toBe(0);
      const value = JSON.parse(r.stdout).value as { runs: RunSummary[]; sweep: TemplateSweep };
      expect(value.runs.map((x) => x.templateName)).toEqual(['VLMEvalKit MCQ', 'MMEvalPro (LMM)', 'MMMU', 'lmms-eval MMBench']);
      expect(value.sweep.models).toHaveLength(1);
      expect(value.sweep.models[0]).toMatchObject({ model: 'web-vl', best: { templateName: 'lmms-eval MMBench', runId: value.runs[3]!.id, accuracy: { correct: 4 } } });
      expect(value.sweep.models[0]!.templates.map((e) => e.accuracy.correct)).toEqual([2, 1, 3, 4]);
      expect(server.requests).toHaveLength(16);

      const report = await cli.anchorAsync('report', '--project', project, '--templates', value.runs.map((x) => x.id).join(','));
      expect(report.code).toBe(0);
      expect(report.stdout).toMatch(/web-vl: best template lmms-eval MMBench — 100\.0% \(4\/4\)/);
      expect(report.stdout).toMatch(/MMEvalPro \(LMM\) #\w+: 25\.0% \(1\/4\)/);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('a run with 5 trials killed with SIGKILL resumes asking each (question, trial) once, then votes', async () => {
    const { backend, path: project } = await backendWithProject(dir, 'trials.anchor');
    await seedPictures(backend, dir, 6);
    await backend.close();
    let hold = false;
    // Answers vary by trial: odd attempts A, even ones B, so a question's five trials vote 3 to 2 for A.
    const server = new FakeOpenAI({
      reply: (_prompt, _body, attempt) => (attempt % 2 === 1 ? 'A' : 'B'),
      fault: () => (hold ? { kind: 'timeout' } : { kind: 'ok' }),
    });
    const baseUrl = await server.start();
    const stored = () => {
      const db = new Database(project, { readonly: true });
      try {
        return db.prepare('SELECT count(*) FROM predictions').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    try {
      expect(cli.anchor('models', 'add', 'web5', '--base-url', baseUrl, '--model', 'web-vl', '--concurrency', '2', '--json').code).toBe(0);
      const args = ['eval', '--project', project, '--dataset', 'pictures', '--model', 'web5', '--trials', '5', '--json'];
      const child = spawn(process.execPath, [bin, ...args], { env: cli.env() });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      await until(() => server.delivered() >= 12);
      hold = true;
      // Kill once nothing is in transit: a request is held and every delivered answer is in the file.
      await until(() => server.held() > 0 && server.inFlight === 0 && stored() === server.delivered(), 20);
      child.kill('SIGKILL');
      await exited;
      expect(stored()).toBeLessThan(30);

      hold = false;
      const resumed = await cli.anchorAsync(...args);
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout).value).toMatchObject({ resumed: true, status: 'done', trials: 5, units: 30, answered: 30, errors: 0 });
      // Every (question, trial) was answered exactly once: five delivered replies per question, thirty in all.
      const perQuestion = new Map<number, number>();
      for (const r of server.requests) if (r.delivered) perQuestion.set(questionOf(r.prompt), (perQuestion.get(questionOf(r.prompt)) ?? 0) + 1);
      expect([...perQuestion.values()]).toEqual([5, 5, 5, 5, 5, 5]);
      const db = new Database(project, { readonly: true });
      expect(db.prepare('SELECT count(*), count(DISTINCT question_id || \':\' || pass), max(pass) FROM predictions').raw().get()).toEqual([30, 30, 4]);
      const runId = db.prepare('SELECT id FROM runs').pluck().get() as number;
      db.close();
      const report = JSON.parse((await cli.anchorAsync('report', String(runId), '--project', project, '--json')).stdout).value;
      expect(report.trials).toMatchObject({ trials: 5, voted: 6 });
    } finally {
      await server.stop();
    }
  }, 300_000);
});
