import type { RunPlan } from '@shared/contract';
import { renderPrompt, templateTurns } from '@shared/prompts/templates';
import { interventionParts } from '@shared/prompts/vrp-instruction';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/endpoints';
import { snapshotOf } from '../endpoints/recorded';
import { estimateTokens, fitSize, requestKey } from '../engine/request';
import { trialOf } from '../engine/settings';
import { cacheable, type FrozenConfig } from './config';
import { ResponseCache } from '../engine/cache';
import { findResumable, planUnits, type PlannedUnit } from './runs';
import { answeredCount } from './store/predictions';
import { planReaders, selectQuestions, type QuestionDetail } from './store/questions';

/**
 * The dry run: what a run would send, before anything is sent. Cache hits are counted by building each request's
 * key exactly as the engine will, so "N from the cache" is a promise, not a guess.
 */
export function planRun(db: Db, config: FrozenConfig, endpoints: EndpointStore): RunPlan {
  const questions = selectQuestions(db, config.selection);
  const units = planUnits(questions, config);
  const warnings: string[] = [];
  const details = new Map<number, QuestionDetail>();
  const read = planReaders(db);
  const useCache = cacheable(config) && config.kind === 'model';
  const cache = new ResponseCache(db);
  // The configuration was frozen from this machine's endpoints a moment ago: the dry run keys and prices by them.
  const endpoint = config.endpoint ? snapshotOf(endpoints.get(config.endpoint.name)) : null;
  let promptTokens = 0;
  let fromCache = 0;
  const turns = templateTurns(config.template);
  const turnChars = turns.reduce((n, t) => n + t.text.length, 0);
  for (const unit of units) {
    let q = details.get(unit.questionId);
    if (!q) details.set(unit.questionId, (q = read.question(unit.questionId)));
    const images = read.images(q.item_id);
    const parts = interventionParts(
      renderPrompt(config.template, { type: q.type, text: q.text, hint: q.hint, options: unit.options }, images.length, config.images),
      q.vrp_level, config.vrpClarification ?? false,
    );
    // The message exactly as buildRequest will record it, so the cache key below is the engine's key.
    const prompt = [...turns, ...parts.map((p) => (p.kind === 'text' ? p : { kind: 'image' as const, hash: images[p.index]!.hash, ...fitSize(images[p.index]!.width, images[p.index]!.height, config.imageMaxSide) }))];
    if (useCache && endpoint) {
      const key = requestKey(endpoint, { temperature: config.temperature, maxTokens: config.maxTokens, seed: config.seed }, prompt, trialOf(config, unit));
      if (cache.has(key)) { fromCache++; continue; }
    }
    const textChars = parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), turnChars);
    const sent = prompt.flatMap((p) => (p.kind === 'image' ? [p] : []));
    promptTokens += estimateTokens(textChars, sent);
  }
  const existing = findResumable(db, config);
  const alreadyAnswered = existing === null ? 0 : answeredCount(db, existing);
  const toAsk = config.kind === 'human' ? 0 : units.length - fromCache;
  const maxOutputTokens = config.kind === 'model' ? toAsk * config.maxTokens : 0;
  const priced = endpoint && (endpoint.priceIn !== null || endpoint.priceOut !== null);
  // A batch is billed at the provider's discount (OpenAI: half price), so the bound shown is the discounted one.
  const batchDiscount = config.batch && endpoint ? endpoint.batchDiscount ?? 0.5 : null;
  const fullCost = priced ? (promptTokens * (endpoint.priceIn ?? 0) + maxOutputTokens * (endpoint.priceOut ?? 0)) / 1e6 : null;
  const maxCost = fullCost === null ? null : fullCost * (1 - (batchDiscount ?? 0));
  if (config.kind === 'model' && !cacheable(config)) warnings.push('temperature > 0 without a seed: replies are not cached and a rerun will differ');
  if (config.kind === 'model' && endpoint && endpoints.apiKey(endpoints.get(endpoint.name)) === null && !/localhost|127\.0\.0\.1|\[::1\]/.test(endpoint.baseUrl)) {
    warnings.push(`no API key for ${endpoint.name}: set it in Settings or the environment variable the endpoint names`);
  }
  if (!config.images) warnings.push('images are withheld: the model sees only text');
  const askedOnce = askedOnceOf(units, (id) => details.get(id)!);
  if (askedOnce[0]) warnings.push(askedOnceWarning([askedOnce[0], ...askedOnce.slice(1)]));
  if (existing !== null) warnings.push(`run ${existing} has this exact configuration and is unfinished; the CLI resumes it`);
  return {
    questions: questions.length, requests: units.length, fromCache, toAsk, alreadyAnswered,
    promptTokens, maxOutputTokens, maxCost, batchDiscount, cacheable: cacheable(config), warnings, askedOnce,
  };
}

/** The questions CircularEval asks once (their one unit carries the reason), in plan order. */
function askedOnceOf(units: readonly PlannedUnit[], detail: (questionId: number) => QuestionDetail) {
  return units.flatMap((u) => (u.flag === null ? [] : [{ questionId: u.questionId, extId: detail(u.questionId).ext_id, reason: u.flag }]));
}

/** The warning names the first question's own reason: the reasons differ (VLMEvalKit's rules, or the imported file). */
function askedOnceWarning([first, ...rest]: readonly [{ extId: string; reason: string }, ...{ extId: string; reason: string }[]]): string {
  const n = rest.length + 1;
  return `${n} question${n === 1 ? '' : 's'} get${n === 1 ? 's' : ''} a single pass under CircularEval: item ${first.extId}, ${first.reason}`
    + (rest.length > 0 ? `; ${rest.length} more, each with its reason in the list below` : '');
}
