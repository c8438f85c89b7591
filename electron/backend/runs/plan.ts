import type { RunPlan } from '@shared/contract';
import { renderPrompt } from '@shared/prompts/templates';
import { interventionParts } from '@shared/vrp/instruction';
import type { Level } from '@shared/vrp/relations';
import type { Db } from '../db/open';
import type { EndpointStore } from '../endpoints/store';
import { estimateTokens, fitSize, requestKey } from '../engine/request';
import { cacheable, type FrozenConfig } from './config';
import { findResumable, planUnits, selectQuestions } from './store';

interface Q { id: number; type: 'multiple-choice' | 'open'; text: string; hint: string | null; item_id: number; vrp_level: Level | null }

/**
 * The dry run: what a run would send, before anything is sent. Cache hits are counted by building each request's
 * key exactly as the engine will, so "N from the cache" is a promise, not a guess.
 */
export function planRun(db: Db, config: FrozenConfig, endpoints: EndpointStore): RunPlan {
  const questions = selectQuestions(db, config.selection);
  const units = planUnits(questions, config.circular);
  const warnings: string[] = [];
  const details = new Map<number, Q>();
  const detailStmt = db.prepare('SELECT id, type, text, hint, item_id, (SELECT v.level FROM variants v WHERE v.item_id = questions.item_id) AS vrp_level FROM questions WHERE id = ?');
  const imagesStmt = db.prepare(`SELECT im.hash, im.width, im.height FROM item_images ii JOIN images im ON im.hash = ii.image_hash
    WHERE ii.item_id = ? ORDER BY ii.position`);
  const useCache = cacheable(config) && config.kind === 'model';
  const cacheStmt = db.prepare('SELECT 1 FROM response_cache WHERE key = ?').pluck();
  let promptTokens = 0;
  let fromCache = 0;
  for (const unit of units) {
    let q = details.get(unit.questionId);
    if (!q) details.set(unit.questionId, (q = detailStmt.get(unit.questionId) as Q));
    const images = imagesStmt.all(q.item_id) as { hash: string; width: number; height: number }[];
    const parts = interventionParts(
      renderPrompt(config.template, { type: q.type, text: q.text, hint: q.hint, options: unit.options }, images.length, config.images),
      q.vrp_level, config.vrpClarification ?? false,
    );
    // The message exactly as buildRequest will record it, so the cache key below is the engine's key.
    const prompt = parts.map((p) => (p.kind === 'text' ? p : { kind: 'image' as const, hash: images[p.index]!.hash, ...fitSize(images[p.index]!.width, images[p.index]!.height, config.imageMaxSide) }));
    if (useCache && config.endpoint) {
      const key = requestKey(config.endpoint, { temperature: config.temperature, maxTokens: config.maxTokens, seed: config.seed }, prompt);
      if (cacheStmt.get(key)) { fromCache++; continue; }
    }
    const textChars = parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), 0);
    const sent = prompt.flatMap((p) => (p.kind === 'image' ? [p] : []));
    promptTokens += estimateTokens(textChars, sent);
  }
  const existing = findResumable(db, config);
  const alreadyAnswered = existing === null ? 0 : (db.prepare("SELECT count(*) FROM predictions WHERE run_id = ? AND status = 'answered'").pluck().get(existing) as number);
  const toAsk = config.kind === 'human' ? 0 : units.length - fromCache;
  const maxOutputTokens = config.kind === 'model' ? toAsk * config.maxTokens : 0;
  const endpoint = config.endpoint;
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
  const flagged = new Set(units.filter((u) => u.flag).map((u) => u.questionId)).size;
  if (flagged > 0) warnings.push(`${flagged} question${flagged === 1 ? '' : 's'} get a single pass under CircularEval (letter options or an answer that is not a label)`);
  if (existing !== null) warnings.push(`run ${existing} has this exact configuration and is unfinished; the CLI resumes it`);
  return {
    questions: questions.length, requests: units.length, fromCache, toAsk, alreadyAnswered,
    promptTokens, maxOutputTokens, maxCost, batchDiscount, cacheable: cacheable(config), warnings,
  };
}
