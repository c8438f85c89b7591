import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Text below WCAG AA contrast (4.5:1, 3:1 for large text) on the page as it is now, one line per element. */
export async function contrastProblems(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${n.target.join(' ')} — ${n.any[0]?.message ?? n.failureSummary ?? v.help}`));
}

/** The two window sizes every screen is looked at in: a small laptop and a full-HD monitor. */
export const screenSizes = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }] as const;
