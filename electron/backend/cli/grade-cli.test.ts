import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendWithProject } from '../../../test/fixtures';
import { bin, root, withBuiltCli } from '../../../test/built-cli';
import { graderReply, modelReply, writeMmVetFolder } from '../../../test/mmvet-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { runSettled } from './wait';

// The CLI as users run it (the built bundle in a child process); the model and grader servers live in this process,
// so the CLI is spawned without blocking it.
const cli = withBuiltCli();
const servers = { model: new FakeOpenAI({ reply: modelReply }), grader: new FakeOpenAI({ reply: graderReply }) };
let project = '';
let runId = 0;
let captionId = 0;

function anchor(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: cli.env() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  const [modelUrl, graderUrl] = await Promise.all([servers.model.start(), servers.grader.start()]);
  const { backend, path } = await backendWithProject(cli.dir(), 'mmvet.anchor');
  project = path;
  await backend.call('endpoints.save', { endpoint: { name: 'model', baseUrl: modelUrl, model: 'vl-7b' } });
  await backend.call('endpoints.save', { endpoint: { name: 'grader', baseUrl: graderUrl, model: 'gpt-grader' } });
  const { datasetId } = await backend.call('imports.run', { files: [writeMmVetFolder(join(cli.dir(), 'files'))], dataset: 'mmvet' });
  captionId = (await backend.call('questions.list', { datasetId, limit: 100 })).rows.find((r) => r.text.startsWith('Write a caption'))!.id;
  runId = (await backend.call('runs.start', { datasetId, model: 'model' })).runId;
  await runSettled(backend, runId);
  await backend.close();
});
afterAll(async () => {
  await Promise.all([servers.model.stop(), servers.grader.stop()]);
});

describe('anchor grading (issue 35 item 1)', () => {
  it('grades a run twice, shows MM-Vet\'s scores in anchor report, and takes a person\'s override', async () => {
    const graded = await anchor('grading', 'run', String(runId), '--grader', 'grader', '--repeats', '2', '--project', project, '--json');
    expect(graded.code, graded.stderr).toBe(0);
    const { value } = JSON.parse(graded.stdout) as { value: { grading: { id: number }; total: { mean: number; runs: number[] }; ungraded: number } };
    expect(value.ungraded).toBe(2);
    expect(value.total.runs[0]).toBeCloseTo(62.5, 10);
    expect(value.total.runs[1]).toBeCloseTo(61.25, 10);

    const report = await anchor('report', String(runId), '--project', project);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain(`grading ${value.grading.id} of run ${runId} by grader (gpt-grader), done: total 61.9 ± 0.6 over 2 run(s) [62.5, 61.3]`);
    expect(report.stdout).toContain('9 graded questions · 2 grade(s) ungraded on 1 question(s) · 0 overridden');
    expect(report.stdout).toContain('integrations: rec 45.0 ± 5.0 · ocr 100.0 ± 0.0 · ocr_math 25.0 ± 0.0 · rec_know 55.0 ± 5.0 · rec_gen — · ocr_spat 100.0 ± 0.0');

    const overridden = await anchor('grading', 'override', String(value.grading.id), String(captionId), '0.4', '--note', 'read by hand', '--project', project);
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(overridden.stdout).toContain('9 graded questions · 0 grade(s) ungraded on 0 question(s) · 1 overridden');
    const shown = await anchor('grading', 'show', String(value.grading.id), '--project', project, '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({ ok: true, value: { overridden: 1, byCapability: expect.arrayContaining([expect.objectContaining({ name: 'gen', mean: 40 })]) } });
    const bad = await anchor('grading', 'override', String(value.grading.id), String(captionId), '1.5', '--project', project, '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('anchor score --format mmvet gives MM-Vet\'s own export_result figures from its grade file', async () => {
    const folder = join(root, 'test', 'fixtures', 'conformance', 'mmvet');
    const scored = await anchor('score', join(folder, 'grades-2runs.json'), '--format', 'mmvet', '--gold', join(folder, 'mm-vet.json'));
    expect(scored.code, scored.stderr).toBe(0);
    // Means and the total's std are cap-score-2runs.csv's and cap-int-score-2runs.csv's, MM-Vet's own output for these
    // grades (one decimal as it rounds); the other std are ours (MM-Vet gives the total's only): rec's runs are 47.5, 45.
    expect(scored.stdout.split('\n').slice(0, 3)).toEqual([
      'total 59.4 ± 0.6 over 2 run(s) [60.0, 58.9] · 9 questions',
      '  capabilities: ocr 70.0 ± 0.0 · rec 46.2 ± 1.3 · math 25.0 ± 0.0 · know 55.0 ± 5.0 · gen 40.0 ± 0.0 · spat 100.0 ± 0.0',
      '  integrations: rec 45.0 ± 5.0 · ocr 100.0 ± 0.0 · ocr_math 25.0 ± 0.0 · rec_know 55.0 ± 5.0 · rec_gen 40.0 ± 0.0 · ocr_spat 100.0 ± 0.0',
    ]);
    const missing = await anchor('score', join(folder, 'grades-2runs.json'), '--format', 'mmvet', '--json');
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('--gold mm-vet.json') } });
  });
});
