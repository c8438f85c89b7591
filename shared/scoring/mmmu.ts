import { evalOpen, parseOpenResponse } from './mmmu-open';
import { pyRound } from './rounding';

/** MMMU's subjects by domain, as its official eval groups them. */
export const MMMU_DOMAINS: Record<string, string[]> = {
  'Art and Design': ['Art', 'Art_Theory', 'Design', 'Music'],
  Business: ['Accounting', 'Economics', 'Finance', 'Manage', 'Marketing'],
  Science: ['Biology', 'Chemistry', 'Geography', 'Math', 'Physics'],
  'Health and Medicine': ['Basic_Medical_Science', 'Clinical_Medicine', 'Diagnostics_and_Laboratory_Medicine', 'Pharmacy', 'Public_Health'],
  'Humanities and Social Science': ['History', 'Literature', 'Sociology', 'Psychology'],
  'Tech and Engineering': ['Agriculture', 'Architecture_and_Engineering', 'Computer_Science', 'Electronics', 'Energy_and_Power', 'Materials', 'Mechanical_Engineering'],
};

export interface MmmuGold {
  question_type: string;
  ground_truth: string | string[];
}

export interface GroupAccuracy {
  num: number;
  acc: number;
}

export type MmmuReport = Record<string, GroupAccuracy>;

/** The subject of an MMMU id: `validation_Art_Theory_12` → `Art_Theory`. */
export function mmmuSubject(id: string): string {
  return id.split('_').slice(1, -1).join('_');
}

/** Whether one eval-only prediction is right: letters compared exactly, open answers parsed and matched. */
export function mmmuCorrect(gold: MmmuGold, prediction: string): boolean {
  if (gold.question_type === 'multiple-choice') {
    return Array.isArray(gold.ground_truth) ? gold.ground_truth.includes(prediction) : gold.ground_truth === prediction;
  }
  return evalOpen(gold.ground_truth, parseOpenResponse(prediction));
}

/** Instance-weighted accuracy over groups, with the official code's float arithmetic (acc × num summed). */
function instanceLevel(groups: GroupAccuracy[]): number {
  let acc = 0;
  let num = 0;
  for (const g of groups) {
    acc += g.acc * g.num;
    num += g.num;
  }
  return num === 0 ? 0 : acc / num;
}

/**
 * Scores MMMU eval-only predictions (`{id: answer}`) against the gold file (`{id: {question_type, ground_truth}}`)
 * per subject, per domain (`Overall-<domain>`) and overall, accuracies rounded to 3 places as the official eval
 * prints them. Only predicted ids count, as there.
 */
export function scoreMmmu(predictions: Record<string, string>, gold: Record<string, MmmuGold>): MmmuReport {
  const bySubject = new Map<string, { right: number; num: number }>();
  for (const [id, prediction] of Object.entries(predictions)) {
    const g = gold[id];
    if (!g) throw new Error(`prediction ${id} has no gold answer`);
    const subject = mmmuSubject(id);
    const s = bySubject.get(subject) ?? { right: 0, num: 0 };
    s.num++;
    if (mmmuCorrect(g, String(prediction))) s.right++;
    bySubject.set(subject, s);
  }
  return mmmuReport(bySubject);
}

/**
 * The official printout from right/num per subject: each subject and `Overall-<domain>` (domains and subjects in the
 * official order, a domain with no subject present printed with num 0), then `Overall`; accuracies rounded to 3.
 */
export function mmmuReport(bySubject: ReadonlyMap<string, { right: number; num: number }>): MmmuReport {
  const results = new Map([...bySubject].map(([k, v]) => [k, { num: v.num, acc: v.right / v.num }]));
  const report: MmmuReport = {};
  for (const [domain, subjects] of Object.entries(MMMU_DOMAINS)) {
    const present = subjects.filter((s) => results.has(s));
    const groups = present.map((s) => results.get(s)!);
    report[`Overall-${domain}`] = { num: groups.reduce((n, g) => n + g.num, 0), acc: pyRound(instanceLevel(groups), 3) };
    for (const s of present) report[s] = { num: results.get(s)!.num, acc: pyRound(results.get(s)!.acc, 3) };
  }
  const all = [...results.values()];
  report.Overall = { num: all.reduce((n, g) => n + g.num, 0), acc: pyRound(instanceLevel(all), 3) };
  return report;
}
