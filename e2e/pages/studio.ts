import { expect, type Page } from '@playwright/test';

export type Screen = 'datasets' | 'annotate' | 'review' | 'canvas' | 'runs' | 'reports' | 'settings';

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
  }

  async setTheme(theme: 'light' | 'dark'): Promise<void> {
    await this.page.evaluate((t) => window.localStorage.setItem('anchor.theme', t), theme);
    await this.page.reload();
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
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
