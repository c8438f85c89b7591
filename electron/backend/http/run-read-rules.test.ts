import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { TripletVerdicts } from '@shared/contract';
import { withTeamServer } from '../../../test/http-fixtures';
import { goodDraft } from '../../../test/team-fixtures';

// Issue 29, items 2 and 7: what a person may not read on Annotate/Review (other people's drafts, the gold of work being
// written, this round's hidden verdict) is not readable through runs, reports or exports either. Every attack is made
// over HTTP by the team member who made it in the report: bob annotates elsewhere, cat checks the item, lea leads.

const t = withTeamServer();
const DRAFT_TEXT = 'What animal is in the picture?';
const pass: TripletVerdicts = { perception: { verdict: 'pass', reason: null, comment: '' }, knowledge: { verdict: 'pass', reason: null, comment: '' } };

interface Reply<T> { status: number; ok: boolean; value: T; error?: { code: string; message: string } }

/** Calls a method over HTTP as a user; the reply's status and body, refusals included. */
function as(userId: string) {
  return async <T>(method: string, input: unknown): Promise<Reply<T>> => {
    const r = await t.post(`api/${method}`, input, t.cookie(userId));
    return { status: r.status, ...(JSON.parse(r.text) as Omit<Reply<T>, 'status'>) };
  };
}

/** The value of a call that must succeed. */
async function value<T>(userId: string, method: string, input: unknown): Promise<T> {
  const r = await as(userId)<T>(method, input);
  if (!r.ok) throw new Error(`${method} as ${userId}: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The right label of each question this suite asks: the seeded TSV's gold, and goodDraft's keys. */
function gold(text: string): string {
  const origin = /^Question (\d+)/.exec(text);
  if (origin) return Number(origin[1]) % 2 ? 'C' : 'B';
  return text.startsWith(DRAFT_TEXT) ? 'B' : 'A';
}

/** ann writes item 0 (checked by cat and ann2) and has saved, not submitted, her draft. */
async function draftBeingWritten(): Promise<number> {
  await t.backend.call('users.add', { name: 'bob', roles: ['annotator'] });
  await t.backend.call('assignments.assign', { datasetId: t.datasetId, annotators: ['ann'], checkers: ['cat', 'ann2'], select: { mode: 'count', count: 1 } });
  const item = t.itemIds[0]!;
  const tri = await value<{ version: number }>('ann', 'triplets.get', { itemId: item });
  await value('ann', 'triplets.save', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
  return item;
}

/** A human run the owner answers in full with `decide`: all roles, drafts included as a lead may choose. */
async function answeredRun(decide: (text: string) => string, triplets: 'drafts' | 'submitted' = 'drafts'): Promise<number> {
  const { runId } = await t.backend.call('runs.start', { datasetId: t.datasetId, model: 'human', triplets });
  for (let next = await t.backend.call('runs.nextHuman', { id: runId }); next; next = await t.backend.call('runs.nextHuman', { id: runId })) {
    await t.backend.call('runs.answer', { runId, questionId: next.questionId, label: decide(next.text) });
  }
  return runId;
}

type Row = { id: number | null; itemId: number; role: string; questionText: string };
const draftRows = <R extends { itemId: number; role: string }>(rows: R[], item: number) => rows.filter((r) => r.itemId === item && r.role !== 'origin');

describe('run reads follow the read rules of triplet work', () => {
  it('keeps a draft being written out of runs.predictions and runs.prediction for everyone but its annotator and a lead', async () => {
    const item = await draftBeingWritten();
    const runId = await answeredRun(gold);
    const leads = await value<{ total: number; rows: Row[] }>('lea', 'runs.predictions', { runId });
    const drafts = draftRows(leads.rows, item);
    expect(drafts.map((r) => r.questionText)).toEqual([DRAFT_TEXT, 'Which of these animals is a mammal?']);
    for (const user of ['bob', 'cat']) {
      const page = await value<{ total: number; rows: Row[] }>(user, 'runs.predictions', { runId });
      expect(draftRows(page.rows, item)).toEqual([]);
      expect(page.total).toBe(leads.total - 2);
      const one = await as(user)('runs.prediction', { id: drafts[0]!.id });
      expect(one.status).toBe(403);
      expect(one.error?.code).toBe('forbidden');
    }
    expect(draftRows((await value<{ rows: Row[] }>('ann', 'runs.predictions', { runId })).rows, item)).toHaveLength(2);
    expect((await value<{ questionText: string }>('lea', 'runs.prediction', { id: drafts[0]!.id })).questionText).toBe(DRAFT_TEXT);
    // Submitted: its checker reads it now, the outsider still does not.
    const tri = await value<{ version: number }>('ann', 'triplets.get', { itemId: item });
    await value('ann', 'triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    expect(draftRows((await value<{ rows: Row[] }>('cat', 'runs.predictions', { runId })).rows, item)).toHaveLength(2);
    expect(draftRows((await value<{ rows: Row[] }>('bob', 'runs.predictions', { runId })).rows, item)).toEqual([]);
  });

  it('keeps a draft being written out of a run\'s results download, refuses an open human baseline\'s to a non-lead, and keeps runs.export the owner\'s', async () => {
    const item = await draftBeingWritten();
    const runId = await answeredRun(gold);
    const drafts = draftRows((await value<{ rows: (Row & { questionId: number })[] }>('lea', 'runs.predictions', { runId })).rows, item).map((r) => r.questionId);
    const questionIds = async (user: string) => {
      const r = await t.post('download/run', { id: runId, format: 'jsonl' }, t.cookie(user));
      expect(r.status).toBe(200);
      return r.text.trimEnd().split('\n').map((l) => (JSON.parse(l) as { question_id: number }).question_id);
    };
    const leads = await questionIds('lea');
    expect(leads).toEqual(expect.arrayContaining(drafts));
    const bobs = await questionIds('bob');
    expect(bobs).toEqual(leads.filter((q) => !drafts.includes(q)));
    expect(await questionIds('ann')).toEqual(leads);
    // A baseline still being taken: its answers and gold are the leads' until it ends.
    const { runId: open } = await t.backend.call('runs.start', { datasetId: t.datasetId, model: 'human' });
    expect((await t.post('download/run', { id: open, format: 'csv' }, t.cookie('bob'))).status).toBe(403);
    expect((await t.post('download/run', { id: open, format: 'csv' }, t.cookie('lea'))).status).toBe(200);
    // Writing a file on the server is the owner's; a remote caller downloads instead.
    expect((await as('lea')('runs.export', { id: runId, format: 'csv', out: join(t.dir, 'x.csv') })).status).toBe(403);
  });

  it('keeps a draft\'s toolkit verdict out of runs.toolkit for those who may not read it', async () => {
    const item = await draftBeingWritten();
    const perception = (await t.backend.call('items.get', { id: item })).questions.find((q) => q.role === 'perception')!;
    // lmms-eval calls the draft's reply right; our reading of "A" (the key is B) says wrong: one disagreement.
    const file = join(t.dir, 'samples.json');
    writeFileSync(file, JSON.stringify([{ doc_id: 0, doc: { id: '0', eval_type: 'Perception' }, resps: [['A']], exact_match: 1 }]));
    const { runId } = await t.backend.call('runs.importPredictions', { datasetId: t.datasetId, path: file, format: 'lmms-eval', model: 'm' });
    type Toolkit = { questions: number; disagreements: { questionId: number }[] };
    expect((await value<Toolkit>('lea', 'runs.toolkit', { id: runId })).disagreements.map((d) => d.questionId)).toEqual([perception.id]);
    const bobs = await value<Toolkit>('bob', 'runs.toolkit', { id: runId });
    expect(bobs.disagreements).toEqual([]);
    expect(bobs.questions).toBe(1);
  });

  it('keeps drafts out of drill-downs, comparison rows and the HTML report, and the lead\'s cached figures whole', async () => {
    const item = await draftBeingWritten();
    const right = await answeredRun(gold);
    // The second run is right on every origin question and wrong on the draft's two: they are all it disagrees on.
    const wrongOnDrafts = await answeredRun((text) => (/^Question/.test(text) ? gold(text) : gold(text) === 'A' ? 'B' : 'A'));
    const drill = { runId: right, given: 'origin', target: 'perception', targetRight: true };
    expect((await value<{ rows: { itemId: number }[] }>('lea', 'reports.drill', drill)).rows.map((r) => r.itemId)).toContain(item);
    for (const user of ['bob', 'cat']) {
      expect((await value<{ rows: { itemId: number }[] }>(user, 'reports.drill', drill)).rows.map((r) => r.itemId)).not.toContain(item);
    }
    const compare = { runIds: [right, wrongOnDrafts] };
    type Page = { runs: { accuracy: { correct: number } }[]; disagreements: { total: number; rows: { itemId: number; text: string }[] } };
    const before = await value<Page>('lea', 'reports.compare', compare);
    expect(before.disagreements.rows.map((r) => r.text)).toEqual([DRAFT_TEXT, 'Which of these animals is a mammal?']);
    const bobs = await value<Page>('bob', 'reports.compare', compare);
    expect(bobs.disagreements.rows).toEqual([]);
    // Whole-run figures are the same for every reader, and the outsider's read did not change the lead's kept page.
    expect(bobs.runs).toEqual(before.runs);
    expect(await value<Page>('lea', 'reports.compare', compare)).toEqual(before);
    const html = await t.post('download/report', { id: right, compare: [wrongOnDrafts] }, t.cookie('bob'));
    expect(html.status).toBe(200);
    expect(html.text).not.toContain(DRAFT_TEXT);
    expect((await t.post('download/report', { id: right, compare: [wrongOnDrafts] }, t.cookie('lea'))).text).toContain(DRAFT_TEXT);
  });

  it('asks a draft being written only when a lead opts in, and records the choice in the run', async () => {
    const item = await draftBeingWritten();
    const units = async (triplets: string) => {
      const { runId } = await value<{ runId: number }>('lea', 'runs.start', { datasetId: t.datasetId, model: 'human', triplets });
      return (await value<{ units: number }>('lea', 'runs.get', { id: runId })).units;
    };
    // Four origin questions; the draft's two only when asked for.
    expect(await units('submitted')).toBe(4);
    expect(await units('drafts')).toBe(6);
    const tri = await value<{ version: number }>('ann', 'triplets.get', { itemId: item });
    await value('ann', 'triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    expect(await units('submitted')).toBe(6);
    expect(await units('accepted')).toBe(4);
    await value('cat', 'reviews.submit', { itemId: item, verdicts: pass });
    await value('ann2', 'reviews.submit', { itemId: item, verdicts: pass });
    expect(await units('accepted')).toBe(6);
  });
});

describe('the human baseline keeps the gold from whoever takes it', () => {
  it('walks a taker past drafts they may not read and never tells them whether an answer was right', async () => {
    const item = await draftBeingWritten();
    const { runId } = await t.backend.call('runs.start', { datasetId: t.datasetId, model: 'human', triplets: 'drafts' });
    const bob = as('bob');
    const seen: string[] = [];
    for (let next = (await bob<{ questionId: number; text: string } | null>('runs.nextHuman', { id: runId })).value; next;
      next = (await bob<{ questionId: number; text: string } | null>('runs.nextHuman', { id: runId })).value) {
      seen.push(next.text);
      const answered = await bob<{ correct: number; scoresWithheld?: boolean }>('runs.answer', { runId, questionId: next.questionId, label: gold(next.text) });
      expect(answered.value).toMatchObject({ correct: 0, scoresWithheld: true });
    }
    expect(seen).toHaveLength(4);
    expect(seen.some((text) => text.startsWith(DRAFT_TEXT))).toBe(false);
    // Nor by answering a draft's question it was never shown, nor through the run's other reads.
    const draftQuestion = (await t.backend.call('items.get', { id: item })).questions.find((q) => q.role === 'perception')!;
    expect((await bob('runs.answer', { runId, questionId: draftQuestion.id, label: 'B' })).status).toBe(403);
    expect((await bob<{ correct: number }>('runs.get', { id: runId })).value.correct).toBe(0);
    expect((await bob<{ correct: number }[]>('runs.list', {})).value.find((r) => r.correct > 0)).toBeUndefined();
    for (const [method, input] of [['runs.predictions', { runId }], ['reports.run', { id: runId }]] as const) {
      expect((await bob(method, input)).status).toBe(403);
    }
    const board = await bob<{ rows: { runId: number }[] }>('reports.leaderboard', {});
    expect(board.value.rows.map((r) => r.runId)).not.toContain(runId);
    // A lead reads the scores as they stand; once the lead answers the rest the run is done and its figures open.
    expect((await value<{ correct: number }>('lea', 'runs.get', { id: runId })).correct).toBe(4);
    for (let next = await t.backend.call('runs.nextHuman', { id: runId }); next; next = await t.backend.call('runs.nextHuman', { id: runId })) {
      await t.backend.call('runs.answer', { runId, questionId: next.questionId, label: gold(next.text) });
    }
    expect((await value<{ correct: number; scoresWithheld?: boolean }>('bob', 'runs.get', { id: runId }))).toMatchObject({ correct: 6 });
    expect((await bob('reports.run', { id: runId })).status).toBe(200);
  });
});

describe('blind review holds in the review-history export', () => {
  it('does not show a lead who is a pending checker the other checker\'s open-round verdict', async () => {
    await t.backend.call('assignments.assign', { datasetId: t.datasetId, annotators: ['ann'], checkers: ['cat', 'lea'], select: { mode: 'count', count: 1 } });
    const item = t.itemIds[0]!;
    const tri = await value<{ version: number }>('ann', 'triplets.get', { itemId: item });
    await value('ann', 'triplets.submit', { itemId: item, baseVersion: tri.version, draft: goodDraft() });
    await value('cat', 'reviews.submit', { itemId: item, verdicts: pass });
    const checkersSeen = async () => {
      const r = await t.post('download/export', { dataset: t.datasetId, format: 'mmevalpro', reviewHistory: true }, t.cookie('lea'));
      const history = JSON.parse(Buffer.from(unzipSync(new Uint8Array(r.body))['originals-review-history.json']!).toString('utf8')) as { reviews: { checker: string }[] }[];
      return history.flatMap((h) => h.reviews.map((v) => v.checker));
    };
    expect(await checkersSeen()).toEqual([]);
    await value('lea', 'reviews.submit', { itemId: item, verdicts: pass });
    expect((await checkersSeen()).sort()).toEqual(['cat', 'lea']);
  });
});
