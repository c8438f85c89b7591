import { createHash } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Option, PromptMessagePart, QuestionType } from '@shared/contract';
import { renderPrompt, templateTurns, type PromptTemplate } from '@shared/prompts/templates';
import type { ScoringRule } from '@shared/scoring/rules';
import type { Db } from '../db/open';
import { imageBytesOf } from './store';
import { interventionParts } from '@shared/prompts/vrp-instruction';
import type { Level } from '@shared/vrp/relations';

/** One thing a run asks: a question in one circular pass, with the options and gold answer of that pass. */
export interface Unit {
  questionId: number;
  pass: number;
  itemId: number;
  type: QuestionType;
  /** How the answer is judged (METHODS §5): the question's `meta.scoring`, or its type's default. */
  rule: ScoringRule;
  text: string;
  hint: string | null;
  options: Option[];
  answer: string[];
  images: { hash: string; mime: string; width: number; height: number }[];
  /** The VRPTest intervention level when the item is a generated variant: full sends the image alone. */
  vrpLevel: Level | null;
}

/** The scale an image is sent at: never up, down so its longest side fits. */
export function fitSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Data URLs of the images a run sends, made once per image and size: an MMEvalPro triplet sends the same image three
 * times, and a circular pass k times.
 */
export class ImageEncoder {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Db,
    private readonly maxSide: number,
    private readonly capacity = 128,
  ) {}

  dataUrl(image: Unit['images'][number]): Promise<string> {
    const hit = this.cache.get(image.hash);
    if (hit) {
      this.cache.delete(image.hash);
      this.cache.set(image.hash, hit);
      return hit;
    }
    const made = this.encode(image);
    this.cache.set(image.hash, made);
    made.catch(() => this.cache.delete(image.hash));
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
    return made;
  }

  private async encode(image: Unit['images'][number]): Promise<string> {
    const bytes = imageBytesOf(this.db, image.hash);
    if (!bytes) throw new Error(`image ${image.hash} is missing from the project`);
    const size = fitSize(image.width, image.height, this.maxSide);
    if (size.width === image.width && size.height === image.height) return `data:${image.mime};base64,${bytes.toString('base64')}`;
    const decoded = await loadImage(bytes);
    const canvas = createCanvas(size.width, size.height);
    canvas.getContext('2d').drawImage(decoded, 0, 0, size.width, size.height);
    const jpeg = image.mime === 'image/jpeg';
    const out = jpeg ? await canvas.encode('jpeg', 90) : await canvas.encode('png');
    return `data:${jpeg ? 'image/jpeg' : 'image/png'};base64,${out.toString('base64')}`;
  }
}

export interface BuiltRequest {
  /** The template's turns sent before the question (few-shot templates), then `content` as the user's message. */
  history: ChatCompletionMessageParam[];
  content: ChatCompletionContentPart[];
  /** What is stored with the prediction, and keys the cache: the turns and the message as sent, images by hash and size. */
  prompt: PromptMessagePart[];
  textChars: number;
}

export async function buildRequest(
  template: PromptTemplate, unit: Unit, withImages: boolean, maxSide: number, encoder: ImageEncoder | null, vrpClarification = false,
): Promise<BuiltRequest> {
  const parts = interventionParts(renderPrompt(template, unit, unit.images.length, withImages), unit.vrpLevel, vrpClarification);
  const turns = templateTurns(template);
  const history = turns.map(({ role, text }) => ({ role, content: text }));
  const content: ChatCompletionContentPart[] = [];
  const prompt: PromptMessagePart[] = [...turns];
  let textChars = turns.reduce((n, t) => n + t.text.length, 0);
  for (const part of parts) {
    if (part.kind === 'text') {
      content.push({ type: 'text', text: part.text });
      prompt.push(part);
      textChars += part.text.length;
    } else {
      const image = unit.images[part.index]!;
      const size = fitSize(image.width, image.height, maxSide);
      prompt.push({ kind: 'image', hash: image.hash, width: size.width, height: size.height });
      if (encoder) content.push({ type: 'image_url', image_url: { url: await encoder.dataUrl(image) } });
    }
  }
  return { history, content, prompt, textChars };
}

/** The cache key: everything that decides the reply, images by content hash rather than megabytes of base64. */
export function requestKey(target: { baseUrl: string; model: string }, params: { temperature: number; maxTokens: number; seed: number | null },
  prompt: PromptMessagePart[], trial = 0): string {
  // The same request's later trials (METHODS §6.6) are other samples, so each has its own key; trial 0 keeps the key
  // every earlier run used.
  const key = { u: target.baseUrl, m: target.model, t: params.temperature, x: params.maxTokens, s: params.seed, p: prompt, ...(trial > 0 ? { r: trial } : {}) };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

/**
 * Tokens a request will use before it is sent, for rate budgets and the dry run: ~4 characters per token for text,
 * and OpenAI's published tiling rule for images (85 + 170 per 512-pixel tile after fitting 2048 and 768).
 */
export function estimateTokens(textChars: number, images: readonly { width: number; height: number }[]): number {
  let tokens = Math.ceil(textChars / 4) + 8;
  for (const { width, height } of images) {
    const a = fitSize(width, height, 2048);
    const shortest = Math.min(a.width, a.height);
    const s = shortest > 768 ? 768 / shortest : 1;
    tokens += 85 + 170 * Math.ceil((a.width * s) / 512) * Math.ceil((a.height * s) / 512);
  }
  return tokens;
}
