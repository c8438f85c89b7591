import { GUIDELINES_MAX } from '@shared/contract/collab-entities';
import { expect, test } from './support/test';
import type { Browser, Page } from '@playwright/test';
import { assignOneItemToAnn, signIn, startTeamServer, type TeamServer } from './support/team-server';

const pageErrors: string[] = [];

// What a lead could save to freeze or crash every annotator's screen: a whole page of nested quotes (the parser
// recursed until the stack overflowed) and a paragraph of unfinished links (seconds of parsing per render).
const HOSTILE = [
  ['nested quotes', `${'>'.repeat(GUIDELINES_MAX - 2)} x`, /nests more than \d+ quotes or lists/],
  ['unfinished links', '[a](b'.repeat(GUIDELINES_MAX / 5), /more than \d+ link or emphasis marks/],
] as const;

test('a lead\'s hostile guidelines are shown as plain text and the annotate screen stays usable', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'a team server is a browser feature; the desktop app runs one local profile at a time');
  const server = await startTeamServer();
  try {
    await hostileGuidelines(browser, server);
  } finally {
    await server.stop();
  }
  expect(pageErrors).toEqual([]);
});

/** A contract call from a signed-in page, as the studio makes it (same origin, the page's session cookie). */
function call(page: Page, method: string, input: unknown): Promise<{ ok: boolean; value?: unknown }> {
  return page.evaluate(async ([m, i]) => (await fetch(`api/${m}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(i),
  })).json() as Promise<{ ok: boolean; value?: unknown }>, [method, input] as const);
}

/**
 * The lead saves each hostile text; the annotator's screen, which holds the guidelines beside her form, must still
 * work (with the old renderer the nested quotes overflowed the stack and unmounted the studio), and both the
 * annotator and the lead's editor show the text as typed with a notice.
 */
async function hostileGuidelines(browser: Browser, server: TeamServer): Promise<void> {
  const lea = await signIn(browser, server, 'lea', pageErrors);
  const ann = await signIn(browser, server, 'ann', pageErrors);
  await assignOneItemToAnn(lea);
  const datasets = await call(lea, 'datasets.list', {}) as { value: { id: number }[] };
  const datasetId = datasets.value[0]!.id;

  for (const [i, [what, text, notice]] of HOSTILE.entries()) {
    expect(await call(lea, 'guidelines.save', { datasetId, body: text, baseVersion: i === 0 ? null : i }), what).toMatchObject({ ok: true });

    await ann.getByTestId('nav.annotate').click();
    await ann.reload();
    await ann.getByTestId('draft.perception.text').fill(`What is shown? (${what})`);
    await expect(ann.getByTestId('annotate.saveState'), what).toHaveText(/^Saved · v\d+$/);
    const body = ann.getByTestId('guidelines.body');
    await expect(body.getByTestId('markdown.plain'), what).toContainText(notice);
    await expect(body.locator('pre')).toHaveText(text);

    await lea.getByTestId('nav.team').click();
    await lea.getByTestId('team.tab.guidelines').click();
    await expect(lea.getByTestId('guidelines.preview').getByTestId('markdown.plain'), what).toContainText(notice);
  }
  await ann.screenshot({ path: 'e2e/screenshots/annotate-hostile-guidelines.png' });
}
