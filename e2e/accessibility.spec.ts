import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { api } from './support/api';
import { axeProblems } from './support/axe';
import { Studio } from './pages/studio';
import { drawBox } from './support/canvas';
import { seedOptimisation } from './support/optimisation';

/**
 * axe-core over every screen of the studio in both themes (issue 34), each with data in it: a screen that is empty
 * hides most of what a screen reader would meet. The runs are seeded over the HTTP API of `anchor serve`; the team
 * screens (login, Annotate, Review, Team with people) are scanned in accessibility-team.spec.ts.
 */
let runs: { single: number; circular: number };
/** Screenshots of every scanned view, both themes, for people to look at (not committed, like e2e/screenshots/). */
const shots = process.env.ANCHOR_A11Y_SHOTS ?? 'e2e/screenshots/accessibility';
const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');

async function finishedRun(request: APIRequestContext, datasetId: number, circular: boolean): Promise<number> {
  const { runId } = await api<{ runId: number }>(request, 'runs.start', { datasetId, model: 'random-guess', limit: 60, circular, seed: 7 });
  await expect.poll(async () => (await api<{ status: string }>(request, 'runs.get', { id: runId })).status, { timeout: 300_000 }).toBe('done');
  return runId;
}

// Playwright starts a new worker after a failed test, which runs this again: what was seeded is kept beside the
// server's data folder (one per run of the suite) and read back instead of seeding twice.
test.beforeAll(async ({ playwright }, info) => {
  if (info.project.name === 'electron') return;
  const seeded = join(process.env.ANCHOR_E2E_DATA!, 'accessibility-seed.json');
  if (existsSync(seeded)) {
    runs = JSON.parse(readFileSync(seeded, 'utf8')) as typeof runs;
    return;
  }
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const datasets = await api<{ id: number; name: string }[]>(request, 'datasets.list', {});
  const demo = datasets.find((d) => d.name === 'Demo triplets')!.id;
  runs = { single: await finishedRun(request, demo, false), circular: await finishedRun(request, demo, true) };
  // A finished TP-Eval optimisation, its models local OpenAI-protocol servers (as in prompts.spec.ts).
  await seedOptimisation(request, { dataset: 'a11y tpeval', target: 'a11y-target', helper: 'a11y-helper' });
  await request.dispose();
  writeFileSync(seeded, JSON.stringify(runs));
});

test.beforeEach(({}, info) => test.skip(info.project.name === 'electron', 'the runs are seeded through the HTTP API of `anchor serve`'));

/** Each view: how to reach it from a loaded studio and what shows it is ready. */
const views: Record<string, (page: Page, studio: Studio) => Promise<void>> = {
  'datasets with an item open': async (page, studio) => {
    await studio.go('datasets');
    await studio.selectDataset('Demo triplets');
    await studio.rows().nth(4).click();
    await expect(page.getByTestId('item.image')).toBeVisible();
  },
  'the import dialog': async (page, studio) => {
    await studio.go('datasets');
    await page.getByTestId('datasets.import').click();
    await expect(page.getByTestId('import.dialog')).toBeVisible();
  },
  'the canvas with a box drawn': async (page, studio) => {
    await studio.go('vrp');
    await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();
    await drawBox(page);
  },
  'the canvas preview of every variant': async (page, studio) => {
    await studio.go('vrp');
    await expect(page.getByTestId('canvas.stage').locator('canvas').first()).toBeVisible();
    await drawBox(page);
    await page.locator('body').press('p');
    await expect(page.getByTestId('variants.tile')).toHaveCount(13);
  },
  'a finished run with a prediction open': async (page, studio) => {
    await studio.open(`#/runs/${runs.single}`);
    await page.getByTestId('runs.prediction').first().click();
    await expect(page.getByTestId('runs.panel')).toBeVisible();
  },
  'the new run dialog': async (page, studio) => {
    await studio.go('runs');
    await page.getByTestId('runs.new').first().click();
    await expect(page.getByTestId('runs.newDialog')).toBeVisible();
  },
  'a run report with its heatmap': async (page, studio) => {
    await studio.open(`#/reports/run/${runs.single}`);
    await expect(page.getByTestId('heatmap.perception.origin')).toBeVisible();
    await page.getByTestId('heatmap.perception.origin').click();
    await expect(page.getByTestId('drill')).toBeVisible();
  },
  'a circular run report': async (page, studio) => {
    await studio.open(`#/reports/run/${runs.circular}`);
    await expect(page.getByTestId('report.circular')).toBeVisible();
  },
  'compare': async (page, studio) => {
    await studio.open(`#/reports/run/${runs.single}`);
    await page.getByTestId('reports.view.compare').click();
    await expect(page.getByTestId('compare.chart').locator('svg')).toBeVisible();
  },
  'the leaderboard': async (page, studio) => {
    await studio.open('#/reports/leaderboard');
    await expect(page.getByTestId('leaderboard.chart').locator('svg')).toBeVisible();
  },
  'an optimisation with a candidate open': async (page, studio) => {
    await studio.go('optimize');
    await page.getByTestId('prompts.candidate').nth(1).click();
    await expect(page.getByTestId('prompts.detail')).toBeVisible();
  },
  'the optimisation report': async (page, studio) => {
    await studio.go('optimize');
    await page.getByTestId('prompts.tab.report').click();
    // The seeded optimisation is not evaluated on its test set, so the report says how to get one.
    await expect(page.getByTestId('prompts.report').or(page.getByTestId('prompts.report.empty'))).toBeVisible();
  },
  'the new optimisation dialog': async (page, studio) => {
    await studio.go('optimize');
    await page.getByTestId('prompts.new').first().click();
    await expect(page.getByTestId('prompts.newDialog')).toBeVisible();
  },
  'annotate without a profile': async (page, studio) => {
    await studio.go('annotate');
    await expect(page.getByTestId('annotate.noProfile').or(page.getByTestId('annotate.screen')).or(page.getByTestId('annotate.empty'))).toBeVisible();
  },
  'review without a profile': async (page, studio) => {
    await studio.go('review');
    await expect(page.getByTestId('review.noProfile').or(page.getByTestId('review.screen')).or(page.getByTestId('review.empty'))).toBeVisible();
  },
  'team': async (page, studio) => {
    await studio.go('team');
    await expect(page.getByTestId('team.screen')).toBeVisible();
  },
  'settings': async (page, studio) => {
    await studio.go('settings');
    await expect(page.getByTestId('settings.screen')).toBeVisible();
  },
  'the shortcuts dialog': async (page, studio) => {
    await studio.go('settings');
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts.dialog')).toBeVisible();
  },
};

/**
 * Dark after light: with the sidebar's button as a person does, so the view keeps what is open on it; a view inside
 * a dialog (which covers the sidebar) is set up again after the reload into the dark theme.
 */
async function toDark(page: Page, studio: Studio, open: (page: Page, studio: Studio) => Promise<void>): Promise<void> {
  if (await page.getByRole('dialog').count()) {
    await studio.setTheme('dark');
    await open(page, studio);
  } else {
    await page.getByTestId('theme.toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  }
}

// One test per view, light then dark: a load of the studio costs seconds on a busy machine.
for (const [name, open] of Object.entries(views)) {
  test(`axe finds nothing critical or serious on ${name}, light and dark; the screen has one h1`, async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    await studio.setTheme('light');
    await open(page, studio);
    const problems = await axeProblems(page, `${name} (light)`);
    // One h1 per screen: a screen reader's first stop names where the person is (a dialog's title is an h2).
    await expect(page.locator('h1')).toHaveCount(1);
    await page.screenshot({ path: `${shots}/${slug(name)}-light.png` });
    await toDark(page, studio, open);
    problems.push(...(await axeProblems(page, `${name} (dark)`)));
    await page.screenshot({ path: `${shots}/${slug(name)}-dark.png` });
    expect(problems).toEqual([]);
  });
}

test('the heatmap is a grid a keyboard walks: one tab stop, the arrows move, Enter opens the triplets behind a cell', async ({ page }) => {
  const studio = new Studio(page);
  await studio.open(`#/reports/run/${runs.single}`);
  const grid = page.getByRole('grid', { name: 'P(row right | column right)' });
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid.getByRole('gridcell')).toHaveCount(9);
  await expect(grid.getByRole('rowheader')).toHaveText(['origin', 'perception', 'knowledge']);
  // From the last scope chip before it, one Tab lands on the grid's first cell, and the next Tab leaves the grid.
  await page.getByRole('group', { name: 'Heatmap scope' }).getByRole('button').last().focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('heatmap.origin.origin')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('heatmap.perception.origin')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('heatmap.perception.origin')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('heatmap.origin.origin')).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('drill')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(grid.locator(':focus')).toHaveCount(0);
});
