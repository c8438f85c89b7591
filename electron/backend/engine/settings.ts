import type { Endpoint, PromptMessagePart } from '@shared/contract';
import type { ExtractionPath } from '@shared/scoring/extract';
import type { PromptTemplate } from '@shared/prompts/templates';

/** An endpoint as a run remembers it: everything but the key. */
export type EndpointSnapshot = Omit<Endpoint, 'apiKeyEnv'>;

/**
 * What the engine reads of a run's frozen configuration: how to ask, whom, and how hard. The caller (runs/) owns the
 * full configuration and its storage; the engine never sees a run, only these settings and the units to ask.
 */
export interface AskSettings {
  kind: 'model' | 'random' | 'human';
  endpoint: EndpointSnapshot | null;
  judge: EndpointSnapshot | null;
  template: PromptTemplate;
  temperature: number;
  maxTokens: number;
  seed: number | null;
  imageMaxSide: number;
  images: boolean;
  concurrency: number;
  failFast: boolean;
  vrpClarification?: true;
  /**
   * Repeated trials (METHODS §6.6): each unit's pass is its trial, and a trial after the first is its own cache entry,
   * so a resumed run reads every trial it already has and asks each (question, trial) once. Absent when 1.
   */
  trials?: number;
}

/** The trial a unit's request is (0 for a run without repeated trials, whose passes are CircularEval's rotations). */
export function trialOf(settings: Pick<AskSettings, 'trials'>, unit: { pass: number }): number {
  return settings.trials === undefined ? 0 : unit.pass;
}

/** The keys to send, looked up by the caller from wherever keys live (the engine never reads the endpoint file). */
export interface AskKeys {
  endpoint: string | null;
  judge: string | null;
}

/** Deterministic settings: only then may a reply be served from the cache. */
export function cacheable(settings: Pick<AskSettings, 'temperature' | 'seed'>): boolean {
  return settings.temperature === 0 || settings.seed !== null;
}

export interface JudgeTry { prompt: string; reply: string | null; error: string | null }

/** One answer as the engine hands it to the caller's sink: the reply, how it was read, and what it cost. */
export interface Answer {
  raw: string;
  label: string | null;
  path: ExtractionPath;
  correct: boolean;
  prompt: PromptMessagePart[];
  judge: JudgeTry[];
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number | null;
  cost: number | null;
  cached: boolean;
  attempts: number;
}

/** Which request of the caller an answer belongs to: a question in one circular pass. */
export interface UnitKey { questionId: number; pass: number }

/**
 * Where the engine puts what it gets: the caller stores answers and failures (runs/ writes predictions). Each call is
 * one write the caller makes transactional; the engine may call it inside its own transaction (with the cache).
 */
export interface AnswerSink {
  answered(unit: UnitKey, answer: Answer, at: string): void;
  failed(unit: UnitKey, message: string, prompt: PromptMessagePart[], attempts: number, at: string): void;
}
