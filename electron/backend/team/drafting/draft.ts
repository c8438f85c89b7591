import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import type { TripletDraft } from '@shared/contract';
import { editRefusal, type Actor } from '@shared/domain/permissions';
import { tripletIssues } from '@shared/domain/triplet-validation';
import { draftPrompt, parseDraftReply } from '@shared/prompts/triplet-draft';
import type { Db } from '../../db/open';
import type { EndpointStore } from '../../endpoints/endpoints';
import { askWithRetries, GaveUp, type RetryPolicy } from '../../engine/ask';
import { judgeFor } from '../../engine/reply';
import { ImageEncoder } from '../../engine/request';
import { AppError } from '../../errors';
import { getItem } from '../../items/items';
import { itemState } from '../assignment/store/assignments';
import { readGuideline } from '../guidelines/store/guidelines';
import { saveTriplet, type SaveResult } from '../triplets/triplets';
import { draftingSettings } from './settings';

export interface DraftingDeps { db: Db; endpoints: EndpointStore; retry: RetryPolicy; now: () => Date }

/** Enough for an image's detail, as a helper is shown it (optimize's analyzer uses the same). */
const DRAFT_IMAGE_SIDE = 1024;
/** Two short questions with options as JSON. */
const DRAFT_MAX_TOKENS = 1024;
/**
 * Some variety, so asking again can give another draft (a draft is a proposal a person edits, not a measurement);
 * DECISIONS 243.
 */
const DRAFT_TEMPERATURE = 0.7;

/** Refuses before anything is sent: not the caller's to edit, drafting off, no endpoint, or an older version. */
function requireDraftable(db: Db, actor: Actor | null, input: { itemId: number; baseVersion: number }): string {
  if (!actor) throw new AppError('forbidden', 'choose a profile before you ask for a draft');
  const state = itemState(db, input.itemId);
  const refusal = editRefusal(actor, state.assignment, state.status);
  if (refusal) throw new AppError('forbidden', refusal);
  const settings = draftingSettings(db, state.datasetId);
  if (!settings.enabled) throw new AppError('drafting_off', 'a lead turned model drafting off for this dataset: its triplets are written by people');
  if (!settings.endpoint) throw new AppError('drafting_off', 'no endpoint drafts for this dataset yet: a lead chooses one under Team → Drafting');
  if (state.version !== input.baseVersion) {
    throw new AppError('conflict', `Someone saved this triplet after you opened it (you edited version ${input.baseVersion}; it is now at ${state.version}). Reload it first.`);
  }
  return settings.endpoint;
}

/** The prompt (origin question, options, answer, the dataset's newest guidelines) and the item's images. */
async function draftMessage(db: Db, itemId: number): Promise<{ content: ChatCompletionContentPart[]; chars: number }> {
  const item = getItem(db, itemId);
  const origin = item.questions.find((q) => q.role === 'origin');
  if (!origin) throw new AppError('invalid_input', `item ${item.extId} has no original question to draft from`);
  const text = draftPrompt({
    question: origin.text, options: origin.options.map((o) => o.text), answer: origin.answer, guidelines: readGuideline(db, item.datasetId)?.body ?? null,
  });
  const encoder = new ImageEncoder(db, DRAFT_IMAGE_SIDE);
  const images: ChatCompletionContentPart[] = [];
  for (const image of item.images) images.push({ type: 'image_url', image_url: { url: await encoder.dataUrl(image) } });
  return { content: [{ type: 'text', text }, ...images], chars: text.length };
}

/** The reply as a draft, validated like a person's submission; anything else is refused and nothing is saved. */
function draftOfReply(db: Db, itemId: number, reply: string, model: string): TripletDraft {
  const parsed = parseDraftReply(reply);
  if (!parsed.ok) throw new AppError('model_reply_invalid', `${model}'s reply is not a usable draft (${parsed.reason}); nothing was put in the form. Ask again or write it yourself.`);
  const origin = getItem(db, itemId).questions.find((q) => q.role === 'origin')?.text ?? null;
  const issues = tripletIssues(parsed.draft, origin);
  if (issues.length > 0) {
    throw new AppError('model_reply_invalid', `${model}'s draft breaks the form's rules (${issues.map((i) => `${i.role} ${i.field}: ${i.message}`).join('; ')}); `
      + 'nothing was put in the form. Ask again or write it yourself.');
  }
  return parsed.draft;
}

/**
 * METHODS §10: asks the dataset's drafting endpoint for a perception and a knowledge question for an item, and saves
 * them as the next revision, attributed to the model; the annotator then edits and submits as usual.
 */
export async function draftWithModel(
  deps: DraftingDeps, actor: Actor | null, input: { itemId: number; baseVersion: number },
): Promise<SaveResult & { draft: TripletDraft; author: string }> {
  const name = requireDraftable(deps.db, actor, input);
  const endpoint = deps.endpoints.get(name);
  const { apiKeyEnv: _key, ...snapshot } = endpoint;
  const asker = judgeFor(snapshot, deps.endpoints.apiKey(endpoint))!;
  const { content, chars } = await draftMessage(deps.db, input.itemId);
  const request = { content, temperature: DRAFT_TEMPERATURE, maxTokens: DRAFT_MAX_TOKENS, seed: null };
  let reply: string;
  try {
    const tokens = Math.ceil(chars / 4) + DRAFT_MAX_TOKENS;
    reply = (await askWithRetries(asker.client, asker.limiter, request, tokens, deps.retry, new AbortController().signal)).reply.text;
  } catch (error) {
    if (!(error instanceof GaveUp)) throw error;
    throw new AppError('endpoint_failed', `${endpoint.name} did not answer (${error.message}); nothing was put in the form`);
  }
  const draft = draftOfReply(deps.db, input.itemId, reply, endpoint.name);
  const saved = saveTriplet(deps.db, actor, { ...input, draft }, deps.now(), { endpoint: endpoint.name, model: endpoint.model });
  return { ...saved, draft, author: `model:${endpoint.name}` };
}
