import { afterEach, describe, expect, it } from 'vitest';
import { withProject } from '../../../test/fixtures';
import { goldOf, seedEvalDataset } from '../../../test/eval-fixtures';
import { FakeOpenAI } from '../../../test/openai-server';

const ctx = withProject();
let server: FakeOpenAI | undefined;
afterEach(async () => server?.stop());

// MMStar's own words (MMStar-Benchmark/MMStar, eval/vlmeval/llm/llama2.py and eval/vlmeval/utils/dataset.py), typed
// here from the source rather than read from the preset, so that a changed preset fails this test.
const SYSTEM = "You are a helpful assistant. If you can't judge the answer, give your guess as to the most likely answer. Just give the answer, don't say anything beyond that, no analysis required.";
const FORMAT = "Please select the correct answer from the options above.\nAnswer with the option's letter from the given choices directly, such as answer letter 'A' only.";

describe("MMStar's text-only 2-shot protocol for S_t (issue 35)", () => {
  it('sends its system message and two worked examples as chat turns before each question, stores them, and keys the cache by them', async () => {
    const datasetId = await seedEvalDataset(ctx.backend, ctx.dir, 3);
    server = new FakeOpenAI({ reply: goldOf });
    const baseUrl = await server.start();
    await ctx.backend.call('endpoints.save', { endpoint: { name: 'llm', baseUrl, model: 'text-llm', concurrency: 1 } });
    const input = { datasetId, model: 'llm', templateId: 'mmstar-llm-2shot', images: false };
    const { runId } = await ctx.backend.call('runs.start', input);
    await ctx.backend.state.runs.settled(runId);

    expect(server.requests).toHaveLength(3);
    for (const { body, images } of server.requests) {
      expect(images).toBe(0);
      expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
      expect(body.messages[0]!.content).toBe(SYSTEM);
      expect(body.messages[1]!.content).toBe(`Question: Which one is the correct caption of this image?\nOptions:\nA. The man is waving his hand.\nB. The man is sitting by the edge of the bathtub, gazing at the woman who is lying in the bathtub taking a bath.\nC. The boy is carrying the smiling girl on his back.\nD. The two dirty-faced children turn around and gaze intently.\n${FORMAT}`);
      expect(body.messages[2]!.content).toBe('B');
      expect(body.messages[3]!.content).toBe(`Question: What's the function of the demonstrated object?\nOptions:\nA. oepn the door\nB. drink water\nC. carry personal belongings\nD. exercise\n${FORMAT}`);
      expect(body.messages[4]!.content).toBe('D');
    }
    // The question itself as build_prompt(for_llm=True) writes it: a space before each of the last two line breaks.
    const asked = server.requests.map((r) => r.prompt).sort();
    expect(asked[0]).toBe(`Question: Question 0: which shape is marked?\nOptions:\nA. circle\nB. square\nC. triangle\nD. star\n${FORMAT.replace('.\n', '. \n')} \n`);

    const { rows } = await ctx.backend.call('runs.predictions', { runId, limit: 10 });
    expect(rows.every((r) => r.outcome === 'correct')).toBe(true);
    const detail = await ctx.backend.call('runs.prediction', { id: rows[0]!.id! });
    expect(detail.prompt.slice(0, 5).map((p) => (p.kind === 'turn' ? `${p.role}: ${p.text.slice(0, 30)}` : p.kind))).toEqual([
      `system: ${SYSTEM.slice(0, 30)}`, 'user: Question: Which one is the cor', 'assistant: B', "user: Question: What's the function ", 'assistant: D',
    ]);
    expect(detail.prompt[5]).toMatchObject({ kind: 'text' });

    // The dry run keys requests as the engine does: asked again, all three come from the cache; the same words
    // without the turns (VLMEvalKit's one-message MCQ) are other requests.
    expect((await ctx.backend.call('runs.plan', input)).fromCache).toBe(3);
    expect((await ctx.backend.call('runs.plan', { ...input, templateId: 'vlmevalkit-mcq' })).fromCache).toBe(0);

    // MMStar's three runs of one model: with images, images withheld, and this 2-shot text-only one; nothing to warn.
    const run = async (images: boolean) => {
      const started = await ctx.backend.call('runs.start', { datasetId, model: 'llm', images });
      await ctx.backend.state.runs.settled(started.runId);
      return started.runId;
    };
    const [sv, swv] = [await run(true), await run(false)];
    const seeing = await ctx.backend.call('reports.seeing', { withImages: sv, withoutImages: swv, textOnly: runId });
    expect(seeing.warnings).toEqual([]);
    expect(seeing.sources.st).toMatchObject({ id: runId, templateName: 'MMStar (text-only LLM, 2-shot, for S_t)', images: false });
  });
});
