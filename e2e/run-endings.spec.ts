import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { api } from './support/api';
import { root } from './support/electron';
import { serve } from './support/team-server';
import { FakeOpenAI } from '../test/openai-server';

/**
 * Runs say how they ended: finished, finished with errors (how many) and failed (why) are three badges, in the run
 * list and on the run page, and three statuses in `anchor runs list --json`. The models are real local servers
 * speaking the OpenAI protocol: one refuses every request, one the first question it is asked.
 */
interface Summary { id: number; status: string; ending: string | null; errors: number; error: string | null }

const broken = new FakeOpenAI({ reply: () => 'Answer: A', fault: () => ({ kind: '500' }) });
let firstPrompt: string | null = null;
const flaky = new FakeOpenAI({ reply: () => 'Answer: A', fault: (prompt) => ((firstPrompt ??= prompt) === prompt ? { kind: '500' } : { kind: 'ok' }) });
const healthy = new FakeOpenAI({ reply: () => 'Answer: A' });

async function runOn(request: APIRequestContext, name: string, baseUrl: string, datasetId: number): Promise<number> {
  await api(request, 'endpoints.save', { endpoint: { name, baseUrl, model: 'fake-vl', concurrency: 1, timeoutMs: 600_000 } });
  const started = await api<{ runId: number }>(request, 'runs.start', { datasetId, model: name, limit: 3, roles: ['origin'] });
  await expect.poll(async () => (await api<Summary>(request, 'runs.get', { id: started.runId })).ending, { timeout: 600_000 }).not.toBeNull();
  return started.runId;
}

test('a run says whether it finished, finished with errors or failed, in the list, on its page and in the CLI', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'one browser studio of its own is enough; the badges are the same component in the desktop');
  const dataDir = mkdtempSync(join(tmpdir(), 'anchor-e2e-endings-'));
  const env = { ...process.env, ANCHOR_DATA_DIR: dataDir };
  const studio = await serve([], env);
  const urls = await Promise.all([broken.start(), flaky.start(), healthy.start()]);
  const context = await browser.newContext({ baseURL: studio.url });
  const page = await context.newPage();
  try {
    const datasets = await api<{ id: number; name: string }[]>(page.request, 'datasets.list', {});
    const datasetId = datasets.find((d) => d.name === 'Demo triplets')!.id;
    const failed = await runOn(page.request, 'broken', urls[0]!, datasetId);
    const someErrors = await runOn(page.request, 'flaky', urls[1]!, datasetId);
    const fine = await runOn(page.request, 'healthy', urls[2]!, datasetId);

    await page.goto('./#/runs');
    const badge = (id: number) => page.locator(`[data-run-id="${id}"]`).getByTestId('runs.item.status');
    await expect(badge(failed)).toHaveText('Failed');
    await expect(badge(someErrors)).toHaveText('Finished with 1 error');
    await expect(badge(fine)).toHaveText('Finished');
    // Three looks, not one green for all: the classes name the ending.
    await expect(badge(failed)).toHaveAttribute('data-ending', 'failed');
    await expect(badge(someErrors)).toHaveAttribute('data-ending', 'done_with_errors');
    await page.locator(`[data-run-id="${failed}"]`).click();
    await expect(page.getByTestId('runs.status')).toHaveText('Failed');
    await expect(page.getByTestId('runs.reason')).toContainText('every request failed (3)');
    await page.screenshot({ path: '/tmp/ux-shots/runs-endings.png' });

    const project = (await api<{ project: { path: string } }>(page.request, 'app.info', {})).project.path;
    const listed = spawnSync(process.execPath, [join(root, 'bin', 'anchor.cjs'), 'runs', 'list', '--project', project, '--json'], { encoding: 'utf8', env });
    const runs = (JSON.parse(listed.stdout) as { value: Summary[] }).value;
    const byId = new Map(runs.map((r) => [r.id, r]));
    expect(byId.get(failed)).toMatchObject({ status: 'failed', ending: 'failed', errors: 3 });
    expect(byId.get(someErrors)).toMatchObject({ status: 'done', ending: 'done_with_errors', errors: 1 });
    expect(byId.get(fine)).toMatchObject({ status: 'done', ending: 'done', errors: 0 });
  } finally {
    await context.close();
    await studio.stop();
    await Promise.all([broken.stop(), flaky.stop(), healthy.stop()]);
  }
});
