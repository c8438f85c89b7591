import { PY_SPACE, pyWords } from './mmmu-open';

/**
 * VLMEvalKit's exact matching (vlmeval/utils/matching_util.py: can_infer_option, can_infer_text, can_infer), rule for
 * rule, so its figure can be computed on the studio's replies. `choices` maps a label to its option text. Returns the
 * label read, 'Z' (a refusal, or a bare "Z"), or null where VLMEvalKit returns False.
 */

const REJECTIONS = [
  "Sorry, I can't help with images of people yet.", "I can't process this file.", "I'm sorry, but without the image provided", 'Cannot determine the answer',
];
const PUNCTUATION = /[.()[\],:;!*#{}]/g;
// `(?i)(?:correct\s+)?answer\s+is\s+\**([ABCD])\**` with Python's \s (its whitespace set) and Unicode case folding.
const VERBOSE = new RegExp(String.raw`(?:correct${PY_SPACE}+)?answer${PY_SPACE}+is${PY_SPACE}+\**([ABCD])\**`, 'iu');

function canInferOption(answer: string, choices: ReadonlyMap<string, string>): string | null {
  if (answer.includes('Failed to obtain answer via API')) return null;
  if (REJECTIONS.some((r) => answer.includes(r))) return 'Z';
  const splits = pyWords(answer.replace(PUNCTUATION, ' '));
  const labels = [...choices.keys()];
  const count = labels.filter((c) => splits.includes(c)).length;
  if (count === 1) {
    // The one label counts only among the last four words (`splits.index(ch) > len(splits) - 5`).
    const last = labels.find((c) => splits.includes(c) && splits.indexOf(c) > splits.length - 5);
    if (last !== undefined) return last;
  } else if (count === 0 && splits.includes('Z')) return 'Z';
  const match = VERBOSE.exec(answer);
  const letter = match?.[1]?.toUpperCase();
  return letter !== undefined && choices.has(letter) ? letter : null;
}

/** Python's len(): code points. */
const pyLen = (s: string) => [...s].length;

function canInferText(answer: string, choices: ReadonlyMap<string, string>): string | null {
  const lower = answer.toLowerCase();
  if (pyLen(lower) > 2 * [...choices.values()].reduce((n, v) => n + pyLen(v), 0)) return null;
  const found = [...choices].filter(([, text]) => lower.includes(text.toLowerCase())).map(([label]) => label);
  return found.length === 1 ? found[0]! : null;
}

export function canInfer(answer: string, choices: ReadonlyMap<string, string>): string | null {
  return canInferOption(answer, choices) ?? canInferText(answer, choices);
}
