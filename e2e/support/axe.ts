import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Rules whose violations fail a scan besides every critical and serious one: the page's outline (one `h1`, no skipped
 * heading level, a `main` landmark), which axe rates moderate but a screen-reader user navigates by.
 */
const outlineRules = new Set(['page-has-heading-one', 'heading-order', 'landmark-one-main']);

/**
 * Every axe-core rule (WCAG 2.x A and AA and best practice) on the page as it is now; returns one line per failing
 * element of each critical or serious violation and each outline rule, empty when the screen passes.
 */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  const failing = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || outlineRules.has(v.id));
  return failing.flatMap((v) => v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} — ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
}
