import { expect, test } from './support/test';
import { api } from './support/api';
import { Studio } from './pages/studio';
import { writeEvalJsonl } from './support/files';
import { FakeOpenAI } from '../test/openai-server';
import { CAREFUL, embedding, helperReply, targetReply } from '../test/optimize-fixtures';

test('optimise a task\'s prompt for a model, read every candidate, evaluate it and see Table 2', async ({ page, request }) => {
  test.skip(test.info().project.name === 'electron', 'the model servers and endpoints are set up through the HTTP API of `anchor serve`; the desktop window shares the screens');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Local OpenAI-protocol servers whose answers depend on the prompt's wording (see test/optimize-fixtures.ts).
  const target = new FakeOpenAI({ reply: targetReply, usage: { prompt_tokens: 100, completion_tokens: 5 } });
  const helper = new FakeOpenAI({ reply: helperReply, embed: embedding, usage: { prompt_tokens: 300, completion_tokens: 40 } });
  const [targetUrl, helperUrl] = [await target.start(), await helper.start()];
  try {
    const stamp = Date.now();
    const dataset = `tpeval e2e ${stamp}`;
    await api(request, 'imports.run', { files: [writeEvalJsonl('tpeval.jsonl', 16)], dataset });
    await api(request, 'endpoints.save', { endpoint: { name: `target-${stamp}`, baseUrl: targetUrl, model: 'vl-7b', priceIn: 1, priceOut: 2 } });
    await api(request, 'endpoints.save', { endpoint: { name: `helper-${stamp}`, baseUrl: helperUrl, model: 'helper', priceIn: 1, priceOut: 2 } });
    // An earlier, finished one-round optimisation (4 candidates) is on the list, as when other work shares the project:
    // the one started below must be the one the screen opens, though the list has not been fetched again yet.
    await api(request, 'endpoints.save', { endpoint: { name: `earlier-${stamp}`, baseUrl: targetUrl, model: 'vl-7b', priceIn: 1, priceOut: 2 } });
    const datasets = await api<{ id: number; name: string }[]>(request, 'datasets.list', {});
    const datasetId = datasets.find((d) => d.name === dataset)!.id;
    await api(request, 'optimizations.run', { datasetId, target: `earlier-${stamp}`, optimizer: `helper-${stamp}`, embeddings: `helper-${stamp}`, params: { rounds: 1 } });
    const askedBefore = target.delivered();

    const studio = new Studio(page);
    await studio.open('#/optimize');
    await page.getByTestId('prompts.new').first().click();
    const dialog = page.getByTestId('prompts.newDialog');
    await studio.selectByText(dialog.getByTestId('prompts.form.dataset'), dataset);
    await dialog.getByTestId('prompts.form.target').selectOption(`target-${stamp}`);
    await dialog.getByTestId('prompts.form.optimizer').selectOption(`helper-${stamp}`);
    // No similarity measure is chosen for the user: the plan says so and nothing can start until one is picked.
    await expect(dialog.getByTestId('prompts.plan.similarity')).toHaveText('none chosen');
    await expect(dialog.getByTestId('prompts.start')).toBeDisabled();
    await expect(dialog.getByTestId('prompts.form.taskBy')).toHaveValue('auto');
    await page.screenshot({ path: 'e2e/screenshots/prompts-new-no-similarity.png' });
    await dialog.getByTestId('prompts.form.embeddings').selectOption(`embeddings:helper-${stamp}`);
    await expect(dialog.getByTestId('prompts.plan.similarity')).toHaveText('embeddings');
    await dialog.getByTestId('prompts.form.rounds').fill('2');
    // The dry run states the calls before anything starts: (1 + 2 × 3) candidates × 8 few-shot questions to the target.
    await expect(dialog.getByTestId('prompts.plan')).toContainText('56 to the target on 8 few-shot items');
    expect(target.delivered()).toBe(askedBefore);
    await page.screenshot({ path: 'e2e/screenshots/prompts-new.png' });
    await dialog.getByTestId('prompts.start').click();
    await expect(page.getByTestId('prompts.view').getByRole('heading', { level: 1 })).toContainText(`target-${stamp}`);

    await expect(page.getByTestId('prompts.status')).toHaveText('done', { timeout: 300_000 });
    await expect(page.getByTestId('prompts.candidate')).toHaveCount(7);
    await expect(page.getByTestId('prompts.similarity')).toHaveText('embeddings');
    await expect(page.getByTestId('prompts.rounds')).toContainText('round 1: 3 valid of 4 asked');
    // The task's own question template is what gets optimised (TP-Eval): the chosen wording adds "look carefully".
    await expect(page.getByTestId('prompts.chosen')).toContainText(/look carefully/i);
    expect((await page.getByTestId('prompts.chosen').locator('.diff--added').allTextContents()).join(' ')).toMatch(/look\s+carefully/i);
    await page.getByTestId('prompts.calls.toggle').click();
    await expect(page.getByTestId('prompts.calls')).toContainText('optimizer');
    await expect(page.getByTestId('prompts.calls').locator('tbody tr')).toHaveCount(4);
    await page.getByTestId('prompts.candidate').nth(2).click();
    await expect(page.getByTestId('prompts.detail')).toContainText('Introspection');
    await page.screenshot({ path: 'e2e/screenshots/prompts-optimisation.png' });

    await page.getByTestId('prompts.evaluate').click();
    await expect(page.getByTestId('prompts.tested')).toContainText('original 0.0% → customised 100.0%', { timeout: 300_000 });
    await page.keyboard.press('2');
    await expect(page.getByTestId('prompts.report')).toContainText(`target-${stamp}`);
    await page.screenshot({ path: 'e2e/screenshots/prompts-report.png' });

    const list = await api<{ id: number; chosen: { prompt: string } | null; calls: number; cost: number | null }[]>(request, 'optimizations.list', {});
    expect(list[0]!.chosen!.prompt).toBe(CAREFUL);
    expect(list[0]!.cost).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  } finally {
    await target.stop();
    await helper.stop();
  }
});
