import { expect, test } from './support/test';
import { writeBenchTsv } from './support/files';
import { Studio } from './pages/studio';

test.describe('datasets', () => {
  test('imports a TSV through the dialog, then browses, filters, searches and opens an item', async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    await expect(studio.rows().first()).toBeVisible();

    await page.getByTestId('datasets.import').click();
    await page.getByTestId('import.files').setInputFiles(writeBenchTsv('colours.tsv'));
    await page.getByTestId('import.name').fill('e2e colours');
    await page.getByTestId('import.start').click();
    await expect(page.getByTestId('import.done')).toContainText('12');
    await page.getByTestId('import.close').click();

    await expect(page.getByTestId('datasets.tab').filter({ hasText: 'e2e colours' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('datasets.count')).toHaveText('12 questions');

    await page.getByTestId('filter.category').selectOption('counting');
    await expect(page.getByTestId('datasets.count')).toHaveText('4 questions');
    await expect(studio.rows()).toHaveCount(4);

    await page.getByTestId('filter.category').selectOption('');
    await page.keyboard.press('/');
    await expect(page.getByTestId('datasets.search')).toBeFocused();
    await page.keyboard.type('picture 7');
    await expect(page.getByTestId('datasets.count')).toHaveText('1 question');
    await studio.rows().first().click();
    await expect(page.getByTestId('item.title')).toHaveText('Item 7');
    await expect(page.getByTestId('item.question.origin')).toContainText('What colour is the background of picture 7?');
    await expect(page.getByTestId('item.question.origin').locator('.option--correct')).toContainText('blue');
    await expect(page.getByTestId('item.question.origin').getByTestId('item.question.scoring')).toHaveText('scored by the chosen option');
    await page.screenshot({ path: test.info().outputPath('item-scoring-rule.png') });
    const image = page.getByTestId('item.image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

    // Keyboard: clear the search, then move through the list with j and open with Enter.
    await page.getByTestId('datasets.search').fill('');
    await expect(page.getByTestId('datasets.count')).toHaveText('12 questions');
    await page.getByTestId('datasets.list').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('item.title')).toHaveText('Item 2');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('item.panel')).toHaveCount(0);
  });

  test('a malformed file is refused with its line number and nothing is added', async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    // Count only once the list has loaded (the demo project always has a dataset); counting earlier read 0.
    await expect(page.getByTestId('datasets.tab').first()).toBeVisible();
    const tabsBefore = await page.getByTestId('datasets.tab').count();
    await page.getByTestId('datasets.import').click();
    await page.getByTestId('import.files').setInputFiles(writeBenchTsv('broken.tsv', { breakLine: 6 }));
    await page.getByTestId('import.start').click();
    await expect(page.getByTestId('import.error')).toContainText('broken.tsv:6');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('datasets.tab')).toHaveCount(tabsBefore);
  });

  test('the demo project shows triplets with all three roles', async ({ page }) => {
    const studio = new Studio(page);
    await studio.open();
    await studio.selectDataset('Demo triplets');
    await expect(page.getByTestId('datasets.count')).toHaveText('108 questions');
    await page.getByTestId('filter.role').selectOption('knowledge');
    await expect(page.getByTestId('datasets.count')).toHaveText('36 questions');
    await studio.rows().first().click();
    await expect(page.getByTestId('item.question.perception')).toBeVisible();
    await expect(page.getByTestId('item.question.knowledge')).toBeVisible();
  });
});
