import { expect, type Locator, type Page } from '@playwright/test';

export type Screen = 'datasets' | 'annotate' | 'review' | 'vrp' | 'runs' | 'reports' | 'optimize' | 'team' | 'settings';

/** The studio as a user sees it: navigation, theme and the dataset browser. */
export class Studio {
  constructor(readonly page: Page) {}

  async open(hash = '#/datasets'): Promise<void> {
    // The desktop window is already on the app (file://); a browser tab is sent to the server.
    if (this.page.url().startsWith('file:')) await this.page.evaluate((h) => (window.location.hash = h), hash);
    else await this.page.goto(`./${hash}`);
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
  }

  async go(screen: Screen): Promise<void> {
    await this.page.getByTestId(`nav.${screen}`).click();
    await expect(this.page.getByTestId(`nav.${screen}`)).toHaveAttribute('aria-current', 'page');
    // A screen's code is fetched the first time it opens; its keys work once it is there, as for a person.
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
  }

  async setTheme(theme: 'light' | 'dark'): Promise<void> {
    await this.page.evaluate((t) => window.localStorage.setItem('anchor.theme', t), theme);
    await this.page.reload();
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
  }

  /** Picks the first option whose text contains `text` (option labels carry counts and states besides names). */
  async selectByText(select: Locator, text: string): Promise<void> {
    const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
    expect(value, `an option containing "${text}"`).not.toBeNull();
    await select.selectOption(value!);
  }

  /** Opens the New-run dialog with `n` on the Runs screen and fills dataset, model and question limit. */
  async newRun(dataset: string, model: string, limit: number): Promise<Locator> {
    await this.page.keyboard.press('n');
    const dialog = this.page.getByTestId('runs.newDialog');
    await expect(dialog).toBeVisible();
    await this.selectByText(dialog.getByTestId('runs.form.dataset'), dataset);
    await dialog.getByTestId('runs.form.model').selectOption(model);
    await dialog.getByTestId('runs.form.limit').fill(String(limit));
    return dialog;
  }

  rows() {
    return this.page.getByTestId('datasets.row');
  }

  async count(): Promise<number> {
    const text = (await this.page.getByTestId('datasets.count').textContent()) ?? '';
    return Number(text.replace(/[^\d]/g, ''));
  }

  async selectDataset(name: string): Promise<void> {
    await this.page.getByTestId('datasets.tab').filter({ hasText: name }).click();
  }
}
