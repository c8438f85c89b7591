import { GUIDELINES_MAX } from '@shared/contract/collab-entities';
import { expect, test } from './support/test';
import { assignOneItemToAnn, signIn, startTeamServer, type TeamServer } from './support/team-server';

let server: TeamServer;
const pageErrors: string[] = [];

test.beforeAll(async ({}, info) => {
  if (info.project.name === 'electron') return;
  server = await startTeamServer();
});
test.afterAll(async () => server?.stop());

// What a lead could save to freeze or crash every annotator's screen: a whole page of nested quotes (the parser
// recursed until the stack overflowed) and a paragraph of unfinished links (seconds of parsing per render).
const HOSTILE = [
  ['nested quotes', `${'>'.repeat(GUIDELINES_MAX - 2)} x`, /nests more than \d+ quotes or lists/],
  ['unfinished links', '[a](b'.repeat(GUIDELINES_MAX / 5), /more than \d+ link or emphasis marks/],
] as const;

test('a lead\'s hostile guidelines are shown as plain text and the annotate screen stays usable', async ({ browser }, info) => {
  test.skip(info.project.name === 'electron', 'a team server is a browser feature; the desktop app runs one local profile at a time');
  const lea = await signIn(browser, server, 'lea', pageErrors);
  const ann = await signIn(browser, server, 'ann', pageErrors);
  await assignOneItemToAnn(lea);

  for (const [i, [what, text, notice]] of HOSTILE.entries()) {
    await lea.getByTestId('nav.team').click();
    await lea.getByTestId('team.tab.guidelines').click();
    await lea.getByTestId('guidelines.editor').fill(text);
    await expect(lea.getByTestId('guidelines.preview').getByTestId('markdown.plain')).toContainText(notice);
    await lea.getByTestId('guidelines.save').click();
    await expect(lea.getByTestId('guidelines.saved'), what).toHaveText(`Version ${i + 1} is current.`);

    await ann.getByTestId('nav.annotate').click();
    await ann.reload();
    const body = ann.getByTestId('guidelines.body');
    await expect(body.getByTestId('markdown.plain'), what).toContainText(notice);
    // The text is there as typed, and the form beside it still works.
    await expect(body.locator('pre')).toHaveText(text);
    await ann.getByTestId('draft.perception.text').fill(`What is shown? (${what})`);
    await expect(ann.getByTestId('annotate.saveState')).toHaveText(/^Saved · v\d+$/);
  }
  await ann.screenshot({ path: 'e2e/screenshots/annotate-hostile-guidelines.png' });
  expect(pageErrors).toEqual([]);
});
