import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract, methodNames, type MethodName } from '@shared/contract';
import { withTeamServer, type TeamServer } from '../../../test/http-fixtures';
import { runSettled } from '../cli/wait';
import { png, writeTsv } from '../../../test/fixtures';

const t = withTeamServer();
/** The names a map keyed by data must survive: each one is a property every plain object inherits or names one. */
const NAMES = ['__proto__', 'constructor', 'prototype'] as const;
const name = (i: number) => NAMES[i % NAMES.length]!;

/** A dataset whose categories, sub-categories, splits, sources and extra columns are all such names, and runs named so. */
async function hostileRuns(s: TeamServer): Promise<{ datasetId: number; runIds: number[] }> {
  const file = join(s.dir, 'hostile.tsv');
  const header = ['index', 'image', 'question', 'A', 'B', 'answer', 'category', 'l2-category', 'split', 'source', ...NAMES];
  writeTsv(file, [header, ...[0, 1, 2, 3, 4, 5].map((i) => [
    String(i), png(8, 6).toString('base64'), `Q${i}`, 'x', 'y', 'A', name(i), name(i + 1), name(i + 2), name(i), ...NAMES,
  ])]);
  const { datasetId } = await s.backend.call('imports.run', { files: [file], dataset: '__proto__' });
  const runIds: number[] = [];
  for (const run of NAMES) {
    const { runId } = await s.backend.call('runs.start', { datasetId, model: 'random-guess', name: run, seed: runIds.length });
    await runSettled(s.backend, runId);
    runIds.push(runId);
  }
  return { datasetId, runIds };
}

/** Every method that takes no input, from the contract: the ones a poisoned prototype broke for every caller. */
const inputless = methodNames.filter((m) => contract[m].input.safeParse({}).success);
/** What a refusal may say; a validation failure or an internal error means the server is broken. */
const BROKEN = new Set(['invalid_input', 'invalid_output', 'internal']);

async function brokenCalls(s: TeamServer, calls: readonly [MethodName, unknown][]): Promise<string[]> {
  const broken: string[] = [];
  for (const user of ['lea', 'ann', 'cat']) {
    for (const [method, input] of calls) {
      const r = await s.post(`api/${method}`, input, s.cookie(user));
      const body = JSON.parse(r.text) as { ok: boolean; error?: { code: string; message: string } };
      if (!body.ok && BROKEN.has(body.error!.code)) broken.push(`${user} ${method}: ${body.error!.message}`);
    }
  }
  return broken;
}

describe('data named like an object\'s own properties', () => {
  it('leaves the server answering every method after an HTML report of such names', async () => {
    const { datasetId, runIds } = await hostileRuns(t);
    for (const user of ['lea', 'ann']) {
      const r = await t.post('download/report', { id: runIds[0], compare: runIds.slice(1) }, t.cookie(user));
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      for (const n of NAMES) expect(r.text).toContain(n);
    }
    expect(Object.getOwnPropertyNames(Object.prototype).filter((p) => ['prev', 'next', 'key', 'value'].includes(p))).toEqual([]);
    expect(({} as Record<string, unknown>).prev).toBeUndefined();
    expect(inputless.length).toBeGreaterThan(10);
    const withInput: [MethodName, unknown][] = [
      ['reports.run', { id: runIds[0] }], ['reports.compare', { runIds }], ['reports.vrp', { datasetId }],
      ['questions.list', { datasetId }], ['questions.facets', { datasetId }], ['runs.get', { id: runIds[1] }],
    ];
    expect(await brokenCalls(t, [...inputless.map((m): [MethodName, unknown] => [m, {}]), ...withInput])).toEqual([]);
  });
});
