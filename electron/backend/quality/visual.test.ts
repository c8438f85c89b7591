import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDb, until, withProject } from '../../../test/fixtures';
import { FakeOpenAI } from '../../../test/openai-server';
import { knowingReply, writeTriplets } from '../../../test/visual-fixtures';
import { eventSchema } from '@shared/contract';
import { blindSummary } from './visual-results';

/**
 * Issue 36 item 1's acceptance: four triplets (MMEvalPro's layout, every gold answer B) checked by local text-only
 * "models" whose reply depends on the question's text — each knows a few questions without the image — and a vision
 * model that answers every question right with it. The flags below are counted by hand from the replies.
 */

const t = withProject();
const servers: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** A local model server answering as `knowingReply`, saved as endpoint `name`. */
async function model(name: string, knows: string[], unread = ''): Promise<FakeOpenAI> {
  const server = new FakeOpenAI({ reply: knowingReply(knows, unread) });
  servers.push(server);
  const baseUrl = await server.start();
  await t.backend.call('endpoints.save', { endpoint: { name, baseUrl, model: `${name}-llm`, kind: name === 'vision' ? 'vision' : 'text' } });
  return server;
}

async function importTriplets(): Promise<number> {
  return (await t.backend.call('imports.run', { files: [writeTriplets(t.dir)], dataset: 'triplets' })).datasetId;
}

async function check(input: { datasetId: number; textOnly: string[]; vision?: string[] }) {
  const { jobId } = await t.backend.call('quality.checkVisual', input);
  await until(() => t.backend.jobs.get(jobId)?.status !== 'running');
  expect(t.backend.jobs.get(jobId)).toMatchObject({ status: 'done', error: null });
  return t.backend.call('quality.visual', { datasetId: input.datasetId });
}

const flagged = (r: Awaited<ReturnType<typeof check>>) => r.questions.map((q) => `${q.extId}/${q.role} ${q.blindRight}/${q.blindAsked}${q.blind ? ' blind' : ''}`);

describe('the visual-dependency check (issue 36 item 1)', () => {
  it('flags exactly the questions more than a quarter of the text-only models answer blind, and asks a new model only', async () => {
    const datasetId = await importTriplets();
    const m1 = await model('m1', ['T1 Origin', 'T1 Perception', 'T2 Origin', 'T3 Knowledge']);
    const m2 = await model('m2', ['T1 Origin', 'T2 Origin', 'T3 Knowledge'], 'T4');
    const m3 = await model('m3', ['T1 Origin']);
    const vision = await model('vision', ['T1 Origin', 'T1 Perception', 'T1 Knowledge', 'T2 Origin', 'T2 Perception', 'T2 Knowledge',
      'T3 Origin', 'T3 Perception', 'T3 Knowledge', 'T4 Origin', 'T4 Perception', 'T4 Knowledge']);

    // Three text-only models: more than 0.75 right, that is one or more, flags.
    const first = await check({ datasetId, textOnly: ['m1', 'm2', 'm3'], vision: ['vision'] });
    expect(flagged(first)).toEqual([
      '1/origin 3/3 blind', '1/perception 1/3 blind', '1/knowledge 0/3',
      '2/origin 2/3 blind', '2/perception 0/3', '2/knowledge 0/3',
      '3/origin 0/3', '3/perception 0/3', '3/knowledge 2/3 blind',
      '4/origin 0/3', '4/perception 0/3', '4/knowledge 0/3',
    ]);
    expect(first.questions.every((q) => q.visionRight === 1 && q.visionAsked === 1)).toBe(true);
    expect(first.questions.find((q) => q.extId === '4' && q.role === 'origin')!.readings.find((r) => r.model === 'm2')!.outcome).toBe('unread');
    expect(first.triplets.map((p) => [p.extId, p.origin, p.perception, p.knowledge])).toEqual([
      ['1', true, true, false], ['2', true, false, false], ['3', false, false, true], ['4', false, false, false],
    ]);
    // Text-only models were asked without the image, MMStar's 2-shot way; the vision model with it.
    for (const server of [m1, m2, m3]) {
      expect(server.delivered()).toBe(12);
      expect(server.requests.every((r) => r.images === 0 && r.body.messages.length === 6)).toBe(true);
    }
    expect(vision.requests.every((r) => r.images === 1)).toBe(true);

    // The same models again: nothing is asked.
    await check({ datasetId, textOnly: ['m1', 'm2', 'm3'], vision: ['vision'] });
    expect([m1, m2, m3, vision].map((s) => s.delivered())).toEqual([12, 12, 12, 12]);

    // A fourth model: only it is asked; with four, two or more right flags.
    const m4 = await model('m4', ['T1 Perception', 'T4 Origin']);
    const second = await check({ datasetId, textOnly: ['m1', 'm2', 'm3', 'm4'], vision: ['vision'] });
    expect([m1, m2, m3, vision, m4].map((s) => s.delivered())).toEqual([12, 12, 12, 12, 12]);
    expect(second.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role} ${q.blindRight}/${q.blindAsked}`)).toEqual([
      '1/origin 3/4', '1/perception 2/4', '2/origin 2/4', '3/knowledge 2/4',
    ]);
    expect(second.questions.find((q) => q.extId === '4' && q.role === 'origin')).toMatchObject({ blindRight: 1, blindAsked: 4, blind: false });

    // The quality report's slot: per role and source, the share answerable blind.
    expect(blindSummary(projectDb(t.backend), datasetId)).toEqual({
      checked: 12, blind: 4,
      byRole: [
        { key: 'origin', checked: 4, blind: 2, share: 0.5 }, { key: 'perception', checked: 4, blind: 1, share: 0.25 },
        { key: 'knowledge', checked: 4, blind: 1, share: 0.25 },
      ],
      bySource: [{ key: 'MMMU', checked: 6, blind: 3, share: 0.5 }, { key: 'ScienceQA', checked: 6, blind: 1, share: 1 / 6 }],
    });
    // ... and the report carries it as its `blind` section.
    const report = await t.backend.call('quality.report', { datasetId });
    expect(report.blind).toEqual(blindSummary(projectDb(t.backend), datasetId));
    expect(report.blind?.blind).toBe(4);
  });

  it('asks again only a revised question, and lint and the export carry the flags', async () => {
    const datasetId = await importTriplets();
    const m1 = await model('m1', ['T1 Origin', 'T3 Knowledge']);
    await check({ datasetId, textOnly: ['m1'] });
    expect(m1.delivered()).toBe(12);
    // A revision of triplet 3's knowledge question (as a saved draft writes it): it no longer matches m1's reading.
    projectDb(t.backend).prepare("UPDATE questions SET text = 'Knowledge question of triplet 3, revised' WHERE text = 'Knowledge question of triplet 3'").run();
    const after = await check({ datasetId, textOnly: ['m1'] });
    expect(m1.delivered()).toBe(13);
    expect(m1.requests.at(-1)!.prompt).toContain('revised');
    expect(after.questions.filter((q) => q.blind).map((q) => `${q.extId}/${q.role}`)).toEqual(['1/origin', '3/knowledge']);

    const lint = (await t.backend.call('lint.run', { datasetId })).findings.filter((f) => f.rule === 'answerable_without_image');
    expect(lint.map((f) => f.message)).toEqual([
      'origin question of 1 is answerable without the image: 1 of 1 text-only models answered it right (more than 25%)',
      'knowledge question of 3 is answerable without the image: 1 of 1 text-only models answered it right (more than 25%)',
    ]);
    const out = join(t.dir, 'out.json');
    await t.backend.call('exports.run', { dataset: 'triplets', format: 'mmevalpro', out });
    const exported: { triplet_id: number; eval_type: string; answerable_without_image?: string }[] = JSON.parse(readFileSync(out, 'utf8'));
    expect(exported.filter((r) => r.answerable_without_image === 'yes').map((r) => `${r.triplet_id} ${r.eval_type}`)).toEqual(['1 Origin', '3 Knowledge']);
    expect(exported.filter((r) => r.answerable_without_image === 'no')).toHaveLength(10);
    const tsv = join(t.dir, 'out.tsv');
    await t.backend.call('exports.run', { dataset: 'triplets', format: 'vlmevalkit', out: tsv });
    const [header, ...lines] = readFileSync(tsv, 'utf8').trim().split('\n').map((l) => l.split('\t'));
    const cell = (line: string[], column: string) => line[header!.indexOf(column)];
    expect(lines.filter((l) => cell(l, 'answerable_without_image') === 'yes').map((l) => `${cell(l, 'triplet_id')} ${cell(l, 'role')} ${cell(l, 'answered_without_image')}`))
      .toEqual(['1 origin 1/1', '3 knowledge 1/1']);
  });

  it('keeps no reading for a failed request and asks it next time; a cancelled check cancels its runs', async () => {
    const datasetId = await importTriplets();
    t.backend.state.runs.retry = { maxAttempts: 2, maxRateLimited: 20, baseDelayMs: 5, maxDelayMs: 20 };
    const m1 = await model('m1', ['T1 Origin']);
    m1.configure({ fault: (prompt) => (prompt.includes('Origin question of triplet 2') ? { kind: '500' } : { kind: 'ok' }) });
    const first = await check({ datasetId, textOnly: ['m1'] });
    expect(first.questions).toHaveLength(11);
    expect(first.questions.some((q) => q.extId === '2' && q.role === 'origin')).toBe(false);
    m1.configure({ fault: () => ({ kind: 'ok' }) });
    const delivered = m1.delivered();
    const second = await check({ datasetId, textOnly: ['m1'] });
    expect(second.questions).toHaveLength(12);
    expect(m1.delivered()).toBe(delivered + 1);

    // A new model held mid-check: cancelling the check cancels its run, and nothing is kept for that model.
    const m2 = await model('m2', []);
    m2.hold();
    const { jobId } = await t.backend.call('quality.checkVisual', { datasetId, textOnly: ['m1', 'm2'] });
    await until(() => m2.waiting() > 0);
    await t.backend.call('jobs.cancel', { id: jobId });
    await until(() => t.backend.jobs.get(jobId)?.status !== 'running');
    expect(t.backend.jobs.get(jobId)?.status).toBe('cancelled');
    const runs = (await t.backend.call('runs.list')).filter((r) => r.name.includes(': m2 '));
    expect(runs.map((r) => r.status)).toEqual(['cancelled']);
    m2.release();
    const after = await t.backend.call('quality.visual', { datasetId });
    expect(after.questions.every((q) => q.readings.every((r) => r.model === 'm1'))).toBe(true);
  });

  // The check's work returns nothing: its job's end must still read as an event in the studio, or the quality page
  // keeps showing the check under way after it ended (the event stream is JSON, which drops an undefined `result`).
  it('ends its job with an event the studio can read', async () => {
    const datasetId = await importTriplets();
    await model('m1', ['T1 Origin']);
    const ends: unknown[] = [];
    t.backend.events.on((e) => { if (e.type === 'job.finished' && e.job.kind === 'visual-check') ends.push(JSON.parse(JSON.stringify(e))); });
    await check({ datasetId, textOnly: ['m1'] });
    await until(() => ends.length === 1);
    expect(eventSchema.safeParse(ends[0]).error?.issues).toBeUndefined();
  });
});
