import { test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { api } from './api';
import { signIn, startTeamServer, type TeamServer } from './team-server';

/**
 * A team server for one spec's tests, with the lead (Lea) signed in over the API for set-up; skipped in the desktop
 * project, where a team server does not exist. Page errors of every signed-in page are collected in `pageErrors`.
 */
export function teamServerForSpec() {
  let server: TeamServer | undefined;
  let lead: APIRequestContext | undefined;
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
  return {
    pageErrors,
    server: () => server!,
    lead: () => lead!,
    signIn: (browser: Browser, name: string) => signIn(browser, server!, name, pageErrors),
  };
}

/** The lead assigns one more item to Ann (checked by Lea and Cat); returns its id. */
export async function freshItem(lead: APIRequestContext, ann: Page): Promise<number> {
  const queue = async () => (await api<{ rows: { itemId: number }[] }>(ann.request, 'triplets.queue', { kind: 'annotate', todo: false })).rows.map((r) => r.itemId);
  const before = await queue();
  const datasets = await api<{ id: number; name: string }[]>(lead, 'datasets.list', {});
  const datasetId = datasets.find((d) => d.name === 'originals')!.id;
  await api(lead, 'assignments.assign', { datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 1 } });
  const fresh = (await queue()).find((id) => !before.includes(id));
  if (fresh === undefined) throw new Error('the assignment gave Ann no new item');
  return fresh;
}
