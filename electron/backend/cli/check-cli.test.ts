import { afterAll, describe, expect, it } from 'vitest';
import { backendWithProject, until } from '../../../test/fixtures';
import { withBuiltCli } from '../../../test/built-cli';
import { FakeOpenAI } from '../../../test/openai-server';
import { knowingReply, writeTriplets } from '../../../test/visual-fixtures';

// The built CLI in a child process; the text-only model servers live in this process, so the CLI is spawned without blocking it.
const cli = withBuiltCli();
const servers = [new FakeOpenAI({ reply: knowingReply(['T1 Origin', 'T2 Knowledge']) }), new FakeOpenAI({ reply: knowingReply(['T1 Origin']) })];
// The models whose runs `--runs` counts (their own servers, so each test counts its own requests).
const ran = [new FakeOpenAI({ reply: knowingReply(['T1 Origin', 'T3 Perception']) }), new FakeOpenAI({ reply: knowingReply(['T1 Origin']) })];
afterAll(async () => {
  await Promise.all([...servers, ...ran].map((s) => s.stop()));
});

describe('anchor check visual', () => {
  it('runs the check with --json, prints the flags in words, and anchor lint reports them', async () => {
    const { backend, path: project } = await backendWithProject(cli.dir(), 'check.anchor');
    for (const [i, server] of servers.entries()) {
      await backend.call('endpoints.save', { endpoint: { name: `llm${i + 1}`, baseUrl: await server.start(), model: 'llm', kind: 'text' } });
    }
    await backend.call('imports.run', { files: [writeTriplets(cli.dir())], dataset: 'triplets' });
    await backend.close();

    // Two models, a share of 0.5: flagged when both answer right.
    const json = await cli.anchorAsync('check', 'visual', '--project', project, '--dataset', 'triplets', '--text-only', 'llm1,llm2', '--threshold', '0.5', '--json');
    expect(json.code).toBe(0);
    const value: { threshold: number; questions: { extId: string; role: string; blind: boolean; blindRight: number }[] } = JSON.parse(json.stdout).value;
    expect(value.threshold).toBe(0.5);
    expect(value.questions.filter((q) => q.blindRight > 0).map((q) => `${q.extId}/${q.role} ${q.blindRight}${q.blind ? ' blind' : ''}`))
      .toEqual(['1/origin 2 blind', '2/knowledge 1']);
    expect(servers.map((s) => s.delivered())).toEqual([12, 12]);

    const words = await cli.anchorAsync('check', 'visual', '--project', project, '--dataset', 'triplets', '--text-only', 'llm1,llm2', '--threshold', '0.5');
    expect(words.stdout).toMatch(/12 questions checked by 2 text-only model\(s\) \(llm1, llm2\); flagged when more than 50% answer without the image: 1/);
    expect(words.stdout).toMatch(/item 1 origin \(question #\d+\): 2\/2 right without the image/);
    expect(words.stdout).toMatch(/triplet 1: origin blind · perception needs image · knowledge needs image/);
    expect(servers.map((s) => s.delivered())).toEqual([12, 12]);

    const lint = await cli.anchorAsync('lint', '--project', project, '--json');
    const findings: { rule: string; extId: string; role: string }[] = JSON.parse(lint.stdout).value.findings;
    expect(findings.filter((f) => f.rule === 'answerable_without_image').map((f) => `${f.extId}/${f.role}`)).toEqual(['1/origin']);

    const unknown = await cli.anchorAsync('check', 'visual', '--project', project, '--dataset', 'triplets', '--text-only', 'nobody', '--json');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.code).toBe('not_found');
  });

  it('counts runs that already exist with --runs, asks nobody, and prints what each run gave', async () => {
    const { backend, path: project } = await backendWithProject(cli.dir(), 'runs.anchor');
    const { datasetId } = await backend.call('imports.run', { files: [writeTriplets(cli.dir(), 'ran.json')], dataset: 'ran' });
    const runIds: number[] = [];
    for (const [i, server] of ran.entries()) {
      await backend.call('endpoints.save', { endpoint: { name: `ran${i + 1}`, baseUrl: await server.start(), model: 'llm' } });
      const { runId } = await backend.call('runs.start', { datasetId, model: `ran${i + 1}`, images: false });
      await until(async () => (await backend.call('runs.get', { id: runId })).status === 'done');
      runIds.push(runId);
    }
    await backend.close();
    expect(ran.map((s) => s.delivered())).toEqual([12, 12]);

    const json = await cli.anchorAsync('check', 'visual', '--project', project, '--dataset', 'ran', '--runs', runIds.join(','), '--threshold', '0.5', '--json');
    expect(json.code).toBe(0);
    type Value = {
      textOnly: string[]; questions: { extId: string; role: string; blind: boolean; blindRight: number }[];
      fromRuns: { runId: number; taken: number; stale: number }[];
    };
    const value: Value = JSON.parse(json.stdout).value;
    expect(value.textOnly).toEqual(['ran1', 'ran2']);
    expect(value.fromRuns.map((r) => [r.runId, r.taken, r.stale])).toEqual([[runIds[0], 12, 0], [runIds[1], 12, 0]]);
    expect(value.questions.filter((q) => q.blindRight > 0).map((q) => `${q.extId}/${q.role} ${q.blindRight}${q.blind ? ' blind' : ''}`))
      .toEqual(['1/origin 2 blind', '3/perception 1']);
    expect(ran.map((s) => s.delivered())).toEqual([12, 12]);

    const words = await cli.anchorAsync('check', 'visual', '--project', project, '--dataset', 'ran', '--runs', String(runIds[0]), '--threshold', '0.5');
    expect(words.stdout).toContain(`run ${runIds[0]} (ran1 · ran · no images): 12 reading(s) of ran1 without the image taken, template VLMEvalKit MCQ`);
    expect(words.stdout).toContain('ran1 without the image: template VLMEvalKit MCQ');

    const bad = await cli.anchorAsync('check', 'visual', '--project', project, '--dataset', 'ran', '--runs', 'twelve', '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('--runs') });
  });
});
