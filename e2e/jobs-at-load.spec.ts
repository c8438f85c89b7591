import { expect, test } from './support/test';
import { api } from './support/api';
import { Studio } from './pages/studio';
import { writeEvalJsonl } from './support/files';
import { FakeOpenAI } from '../test/openai-server';
import { embedding, helperReply, targetReply } from '../test/optimize-fixtures';

/**
 * A studio opened (or reloaded) while a job runs shows it running: the job's start event was sent before the page
 * listened, so the page reads the jobs when its event stream connects. Before, an optimisation running on the server
 * was called "interrupted", with a Resume the server refuses.
 */
test('a studio opened while an optimisation runs shows it running, with no Resume, and follows it to its end', async ({ page, request }) => {
  test.skip(test.info().project.name === 'electron', 'the model servers and endpoints are set up through the HTTP API of `anchor serve`');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // The target's replies are held, so the optimisation is surely running when the page opens.
  const target = new FakeOpenAI({ reply: targetReply, gate: () => held });
  const helper = new FakeOpenAI({ reply: helperReply, embed: embedding });
  const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
  try {
    const stamp = Date.now();
    const dataset = `jobs at load ${stamp}`;
    await api(request, 'imports.run', { files: [writeEvalJsonl('jobs-at-load.jsonl', 16)], dataset });
    await api(request, 'endpoints.save', { endpoint: { name: `held-${stamp}`, baseUrl: targetUrl, model: 'vl-7b' } });
    await api(request, 'endpoints.save', { endpoint: { name: `helper-${stamp}`, baseUrl: helperUrl, model: 'helper' } });
    const datasets = await api<{ id: number; name: string }[]>(request, 'datasets.list', {});
    const datasetId = datasets.find((d) => d.name === dataset)!.id;
    await api(request, 'optimizations.start', { datasetId, target: `held-${stamp}`, optimizer: `helper-${stamp}`, embeddings: `helper-${stamp}`, params: { rounds: 1 } });
    await expect.poll(() => target.requests.length).toBeGreaterThan(0);

    const studio = new Studio(page);
    await studio.open('#/optimize');
    await page.getByTestId('prompts.item').filter({ hasText: `held-${stamp}` }).click();
    await expect(page.getByTestId('prompts.status')).toHaveText('running');
    await expect(page.getByTestId('prompts.resume')).toHaveCount(0);

    release();
    await expect(page.getByTestId('prompts.status')).toHaveText('done', { timeout: 300_000 });
  } finally {
    release();
    await target.stop();
    await helper.stop();
  }
});
