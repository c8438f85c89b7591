import { createHash } from 'node:crypto';
import type { BoardSetting } from '@shared/contract';
import type { FrozenConfig } from '../runs/config';
import type { ScoredQuestion } from './load';

/**
 * The setting a run is ranked in (issue 34): runs of one dataset are comparable only on the same questions, both
 * CircularEval or both single pass, both with images or both without, and with the same prompt words. The question set
 * is a hash of the question ids asked, so an 18-question test run and the full set never share an axis, nor do two
 * filters that happen to ask as many questions. Imported predictions name no prompt, so they form their own.
 */
export function boardSetting(questions: readonly ScoredQuestion[], config: Pick<FrozenConfig, 'circular' | 'images' | 'template' | 'templateHash' | 'imported' | 'trials'>): BoardSetting {
  const ids = questions.map((q) => q.questionId).sort((a, b) => a - b);
  const questionSet = createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 12);
  const templateHash = config.imported ? 'imported' : config.templateHash;
  // A majority of N trials is not one reply (METHODS §6.6); single-trial runs keep the key they always had.
  const trials = config.trials === undefined ? [] : [`trials-${config.trials}`];
  const key = [questionSet, config.circular ? 'circular' : 'single', config.images ? 'images' : 'no-images', templateHash, ...trials].join(':');
  return {
    key, questionSet, questions: ids.length, circular: config.circular, images: config.images,
    templateName: config.template.name, templateHash,
  };
}
