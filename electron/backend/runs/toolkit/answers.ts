import type { Option, Role } from '@shared/contract';

/** What a toolkit itself concluded about one answer: kept beside our own reading so the two can be compared. */
export interface ToolkitReading {
  source: 'vlmevalkit' | 'lmms-eval';
  /** The label the toolkit read from the answer, when it says. */
  label: string | null;
  /** Its verdict (VLMEvalKit's `hit`, lmms-eval's per-sample metric), when it gives one. */
  verdict: boolean | null;
  /** Its explanation (VLMEvalKit's `log`), when it gives one. */
  log: string | null;
  /**
   * lmms-eval's per-sample metric values as the task logged them (MMBench's `gpt_eval_score` and `submission` dicts,
   * MME's scores, MMMU's parsed answers), kept verbatim: most are only judged when the toolkit aggregates.
   */
  metrics?: Record<string, unknown>;
}

/**
 * How a row names its question: by ids the project may hold as item ids, by question text and options, and — when it
 * says neither — by the prompt it was asked with (lmms-eval's `input`), which holds the question's text and options.
 */
export interface AnswerKey {
  ids: string[];
  text: { question: string; options: string[] } | null;
  prompt: string | null;
}

/** One model answer read from a file, before it is matched to a question of the project. */
export interface FileAnswer {
  /** Where it sits in the file ("line 4", "row 2"), for messages. */
  where: string;
  key: AnswerKey;
  role: Role;
  /** The CircularEval pass (VLMEvalKit copy `index` = pass · 1e6 + question index); 0 otherwise. */
  pass: number;
  /** The options as this row showed them (a circular copy's rotation), or null for the question's own. */
  options: Option[] | null;
  response: string;
  toolkit: ToolkitReading | null;
}

export const byId = (id: string): AnswerKey => ({ ids: [id], text: null, prompt: null });
