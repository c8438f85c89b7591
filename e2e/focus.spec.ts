import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { api } from './support/api';
import { signIn as signInAs, startTeamServer, type TeamServer } from './support/team-server';

/**
 * Where the caret goes: after Alt+O, Enter, removing an option, submitting, `x` on Review and closing a dialog, the
 * focus lands in a defined field at once, so text typed at a person's pace or at a machine's lands where it was meant.
 */
let server: TeamServer;
let lead: APIRequestContext;
const pageErrors: string[] = [];

test.beforeAll(async ({ playwright }, info) => {
  if (info.project.name === 'electron') return;
  server = await startTeamServer();
  lead = await playwright.request.newContext({ baseURL: server.url });
  await lead.post('auth/login', { data: { name: 'lea', password: 'lea-password' } });
});
test.afterAll(async () => {
  await lead?.dispose();
  await server?.stop();
});
test.beforeEach(({}, info) => test.skip(info.project.name === 'electron', 'a team server is a browser feature'));

const signIn = (browser: Browser, name: string) => signInAs(browser, server, name, pageErrors);

/** Assigns one more item to Ann (checked by Lea and Cat) and returns its id. */
async function freshItem(ann: Page): Promise<number> {
  const queue = async () => (await api<{ rows: { itemId: number }[] }>(ann.request, 'triplets.queue', { kind: 'annotate', todo: false })).rows.map((r) => r.itemId);
  const before = await queue();
  const datasets = await api<{ id: number; name: string }[]>(lead, 'datasets.list', {});
  const datasetId = datasets.find((d) => d.name === 'originals')!.id;
  await api(lead, 'assignments.assign', { datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 1 } });
  const fresh = (await queue()).find((id) => !before.includes(id));
  if (fresh === undefined) throw new Error('the assignment gave Ann no new item');
  return fresh;
}

/** The test id of the focused element ('' for none, e.g. the page body). */
const focusedId = (page: Page) => page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.dataset.testid ?? '' : ''));

for (const [speed, delay] of [['a person\'s', 70], ['a machine\'s', 0]] as const) {
  test(`at ${speed} pace: Alt+O types into the new option, and the next click into the knowledge question types there`, async ({ browser }) => {
    const ann = await signIn(browser, 'ann');
    await ann.goto(`./#/annotate/${await freshItem(ann)}`);
    const p = ann.getByTestId('draft.perception');
    const k = ann.getByTestId('draft.knowledge');
    await k.getByTestId('draft.knowledge.option.0').fill('25');
    await k.getByTestId('draft.knowledge.option.1').fill('65');
    await p.getByTestId('draft.perception.option.0').fill('red');
    await p.getByTestId('draft.perception.option.1').fill('blue');
    await p.getByTestId('draft.perception.option.1').click();
    // No wait between the shortcut and the typing: the new option must hold the caret when Alt+O returns.
    await ann.keyboard.press('Alt+O');
    if (delay === 0) expect(await focusedId(ann)).toBe('draft.perception.option.2');
    await ann.keyboard.type('green', { delay });
    await expect(p.getByTestId('draft.perception.option.2')).toHaveValue('green');
    await expect(p.getByTestId('draft.perception.option.1')).toHaveValue('blue');

    await k.getByTestId('draft.knowledge.text').click();
    expect(await focusedId(ann)).toBe('draft.knowledge.text');
    await ann.keyboard.type('Which law explains it?', { delay });
    await expect(k.getByTestId('draft.knowledge.text')).toHaveValue('Which law explains it?');
    await expect(k.locator('[data-testid^="draft.knowledge.option."]')).toHaveCount(2);
    await expect(k.getByTestId('draft.knowledge.option.1')).toHaveValue('65');
    // Enter in the new option makes one more and moves there at once, too.
    await p.getByTestId('draft.perception.option.2').click();
    await ann.keyboard.press('Enter');
    await ann.keyboard.type('white', { delay });
    await expect(p.getByTestId('draft.perception.option.3')).toHaveValue('white');
    await ann.screenshot({ path: '/tmp/ux-shots/annotate-focus.png' });
    expect(pageErrors).toEqual([]);
  });
}
