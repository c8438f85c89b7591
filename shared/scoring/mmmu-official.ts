import type { OfficialScore } from '../contract/report-entities';
import { evalOpen, parseOpenResponse, pyWords, stripChars, type Normalized } from './mmmu-open';
import { MMMU_DOMAINS, mmmuReport } from './mmmu';
import { allAtOnce, mapInSteps, officialParts, replyText, verdicts, type OfficialInput, type OfficialReading } from './official-common';
import { PyRandom } from './python-random';

/**
 * MMMU's figure exactly as its own evaluation computes it from model replies (METHODS §5): `main_parse_and_eval.py`
 * parses each reply with `utils/eval_utils.py` (parse_multi_choice_response, parse_open_response), judges it
 * (eval_multi_choice, eval_open) and `main_eval_only.py` / `print_results.py` print accuracy per subject, per domain
 * (instance-weighted) and overall. A multiple-choice reply it cannot read gets a letter from Python's `random`,
 * seeded 42 when eval_utils is imported and drawn in the order the script meets such replies: subjects in the order
 * of `CAT_SHORT2LONG` (all of them: `--subject ALL`), questions in the order of the subject's file.
 */

export const MMMU_REFERENCE = 'MMMU-Benchmark/MMMU mmmu/main_parse_and_eval.py, main_eval_only.py, utils/eval_utils.py @ bb0b95a9';

/** `CAT_SHORT2LONG`'s values in its key order (acc, agri, arch, …): the order `--subject ALL` evaluates subjects in. */
const SUBJECT_ORDER = [
  'Accounting', 'Agriculture', 'Architecture_and_Engineering', 'Art', 'Art_Theory', 'Basic_Medical_Science', 'Biology', 'Chemistry',
  'Clinical_Medicine', 'Computer_Science', 'Design', 'Diagnostics_and_Laboratory_Medicine', 'Economics', 'Electronics', 'Energy_and_Power',
  'Finance', 'Geography', 'History', 'Literature', 'Manage', 'Marketing', 'Materials', 'Math', 'Mechanical_Engineering', 'Music', 'Pharmacy',
  'Physics', 'Psychology', 'Public_Health', 'Sociology',
];

const MMMU_SUBJECTS = new Set(Object.values(MMMU_DOMAINS).flat());

/** Whether MMMU's evaluation can score these questions: each belongs to one of its 30 subjects. */
export const isMmmuSet = (inputs: readonly OfficialInput[]) => inputs.length > 0 && inputs.every((q) => q.subject !== null && MMMU_SUBJECTS.has(q.subject));

/** The letter parse_multi_choice_response reads, or null where it would draw at random. */
export function mmmuChoiceCandidate(reply: string, choices: readonly string[], index2ans: ReadonlyMap<string, string>): string | null {
  let response = reply;
  for (const char of [',', '.', '!', '?', ';', ':', "'"]) response = stripChars(response, char);
  response = ` ${response} `;
  let indexAns = true;
  let withBrackets = false;
  let candidates = choices.filter((c) => response.includes(`(${c})`));
  if (candidates.length > 0) withBrackets = true;
  else candidates = choices.filter((c) => response.includes(` ${c} `));
  const lower = response.toLowerCase();
  if (candidates.length === 0 && pyWords(response).length > 5) {
    candidates = [...index2ans].filter(([, ans]) => lower.includes(ans.toLowerCase())).map(([index]) => index);
    if (candidates.length > 0) indexAns = false;
  }
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return candidates[0]!;
  const where = (c: string) => (!indexAns ? lower.lastIndexOf(index2ans.get(c)!.toLowerCase())
    : withBrackets ? response.lastIndexOf(`(${c})`) : response.lastIndexOf(` ${c} `));
  // np.argmax: the first of the latest positions.
  let best = 0;
  candidates.forEach((c, i) => { if (where(c) > where(candidates[best]!)) best = i; });
  return candidates[best]!;
}

function readQuestion(q: OfficialInput, random: PyRandom): OfficialReading {
  const { reply: raw, options, gold: golds } = q.passes[0];
  const reply = replyText(raw);
  if (q.type !== 'multiple-choice') {
    const candidates: Normalized[] = parseOpenResponse(reply);
    const gold = golds.length === 1 ? golds[0]! : golds;
    return { id: q.id, read: JSON.stringify(candidates), right: evalOpen(gold, candidates), randomFallback: false };
  }
  const choices = options.map((o) => o.label);
  const read = mmmuChoiceCandidate(reply, choices, new Map(options.map((o) => [o.label, o.text])));
  const letter = read ?? random.choice(choices);
  return { id: q.id, read: letter, right: golds.includes(letter), randomFallback: read === null };
}

/** The questions in the order the official script parses them, by subject then as given. */
function inScriptOrder(inputs: readonly OfficialInput[]): OfficialInput[] {
  return SUBJECT_ORDER.flatMap((s) => inputs.filter((q) => q.subject === s));
}

/** MMMU's official printout for these questions, each reading, and where it and the studio part. */
export const officialMmmu = (inputs: readonly OfficialInput[], listed = Infinity) => allAtOnce(officialMmmuSteps(inputs, listed));

/** officialMmmu as steps that pause between slices of questions (official-common.ts mapInSteps). */
export function* officialMmmuSteps(
  inputs: readonly OfficialInput[], listed = Infinity,
): Generator<void, { score: OfficialScore; readings: OfficialReading[] }> {
  const random = new PyRandom(42);
  const ordered = inScriptOrder(inputs);
  const readings = yield* mapInSteps(ordered, (q) => readQuestion(q, random));
  const bySubject = new Map<string, { right: number; num: number }>();
  ordered.forEach((q, i) => {
    const s = bySubject.get(q.subject!) ?? { right: 0, num: 0 };
    s.num++;
    if (readings[i]!.right) s.right++;
    bySubject.set(q.subject!, s);
  });
  const report = mmmuReport(bySubject);
  const why = (r: OfficialReading, q: OfficialInput) => (r.randomFallback
    ? `MMMU's parser found no letter, bracketed letter or option text and drew ${r.read} at random (Python's random, seed 42); ${verdicts(r, q, 'MMMU')}`
    : verdicts(r, q, 'MMMU'));
  return {
    score: {
      scorer: 'mmmu', reference: MMMU_REFERENCE, overall: report.Overall!.acc,
      groups: Object.entries(report).map(([name, g]) => ({ name, num: g.num, acc: g.acc })),
      note: null, ...officialParts(inputs, readings, why, listed),
    },
    readings,
  };
}
