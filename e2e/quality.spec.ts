import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { Studio } from './pages/studio';
import { distinctImage, variantOf, writeImageJsonl, type ImageLine } from '../test/near-duplicate-images';

/** Screenshots for people to look at (the lead reviews them); not committed. */
const shots = process.env.ANCHOR_QUALITY_SHOTS ?? 'e2e/screenshots/quality';

const jsonl = (name: string, lines: ImageLine[]) => writeImageJsonl(join(mkdtempSync(join(tmpdir(), 'anchor-e2e-files-')), name), lines);

async function importFile(page: Studio['page'], file: string, name: string): Promise<void> {
  await page.getByTestId('datasets.import').click();
  await page.getByTestId('import.files').setInputFiles(file);
  await page.getByTestId('import.name').fill(name);
  await page.getByTestId('import.start').click();
  await expect(page.getByTestId('import.done')).toBeVisible();
  await page.getByTestId('import.close').click();
  await expect(page.getByTestId('datasets.tab').filter({ hasText: name })).toHaveAttribute('aria-selected', 'true');
}

test.describe('dataset quality', () => {
  test('filters duplicates in the browser, shows the quality report and a near-duplicate pair side by side', async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    await expect(page.getByTestId('datasets.tab').first()).toBeVisible();
    // Names of their own: the server is shared by every spec of the run.
    const base = `e2e quality base ${Date.now()}`;
    const copy = `e2e quality copy ${Date.now()}`;
    const [p1, p2, p3] = [71, 72, 73].map((s) => distinctImage(s));
    await importFile(page, jsonl('base.jsonl', [
      { id: 'p1', question: 'What is in picture one?', image: p1! },
      { id: 'p2', question: 'What is in picture two?', image: p2! },
      { id: 'p3', question: 'What is in picture three?', image: p3! },
      { id: 'p3again', question: 'what is in picture three', image: p3! },
    ]), base);
    await importFile(page, jsonl('copy.jsonl', [
      { id: 'c1', question: 'Is this new?', image: await variantOf(p1!, 'jpeg') },
      { id: 'c2', question: 'Another one?', image: distinctImage(74) },
    ]), copy);

    // The browser's filter: in "copy", only c1's image has a near duplicate (p1's, re-encoded).
    await expect(page.getByTestId('datasets.count')).toHaveText('2 questions');
    await page.getByTestId('filter.duplicates').selectOption('image');
    await expect(page.getByTestId('datasets.count')).toHaveText('1 question');
    await expect(studio.rows()).toHaveCount(1);
    await expect(studio.rows().first()).toContainText('c1');
    await page.screenshot({ path: `${shots}/browser-filter-image.png` });

    await studio.selectDataset(base);
    await page.getByTestId('filter.duplicates').selectOption('question');
    await expect(page.getByTestId('datasets.count')).toHaveText('2 questions');
    await expect(studio.rows().filter({ hasText: 'p3' })).toHaveCount(2);
    await page.getByTestId('filter.duplicates').selectOption('any');
    await expect(page.getByTestId('datasets.count')).toHaveText('3 questions');
    await page.screenshot({ path: `${shots}/browser-filter-any.png` });

    // The quality report: every section, the two not yet filled saying so.
    await page.getByTestId('datasets.view.quality').click();
    await expect(page.getByTestId('quality.screen')).toBeVisible();
    const duplicates = page.getByTestId('quality.duplicates');
    await expect(duplicates).toContainText('1 near-duplicate image group(s)');
    await expect(duplicates.getByTestId('quality.questions')).toContainText('what is in picture three');
    await expect(page.getByTestId('quality.agreement.perception')).toContainText('perception');
    await expect(page.getByTestId('quality.blind')).toContainText('not checked yet — run the visual-dependency check');
    await expect(page.getByTestId('quality.provenance')).toContainText('no provenance recorded');
    await page.screenshot({ path: `${shots}/quality-report.png`, fullPage: true });

    // Side by side: the two images, their datasets and items, and how many bits differ.
    const group = page.getByTestId('quality.group').filter({ hasText: `${copy}/c1` });
    await expect(group).toContainText(`${base}/p1`);
    await group.getByTestId('quality.group.compare').click();
    const compare = page.getByTestId('quality.compare');
    await expect(compare.getByTestId('quality.compare.distance')).toHaveText(/^Hamming distance [0-7] of 64 bits \(near duplicates: at most 7\)$/);
    await expect(compare.getByTestId('quality.compare.where')).toHaveText([`${base} · item p1`, `${copy} · item c1`]);
    for (const image of await compare.getByTestId('quality.compare.image').all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    }
    await compare.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/side-by-side.png` });

    // From the pair to the item, in the question list.
    await compare.getByTestId('quality.compare.open').nth(1).click();
    await expect(page.getByTestId('item.title')).toHaveText('Item c1');
    await expect(page.getByTestId('datasets.tab').filter({ hasText: copy })).toHaveAttribute('aria-selected', 'true');
  });
});
