/**
 * MM-Vet's scores over graded answers (METHODS §5.1), as its evaluator's `export_result` computes them: for each
 * grading run, a group's score is the sum of its questions' grades over its question count × 100; the report gives the
 * mean over runs and the population standard deviation (numpy's default) of the per-run values. Groups: the total,
 * each capability (every question that needs it), and each capability integration (the questions needing exactly that
 * set of capabilities). Departures: an ungraded grade is left out of its run's sum and count instead of counting 0,
 * and a person's override stands for the question in every run.
 */

/** MM-Vet's six capabilities in the paper's order: integration names list their capabilities in this order. */
export const MMVET_CAPABILITIES = ['rec', 'ocr', 'know', 'gen', 'spat', 'math'] as const;

export interface GradedQuestion {
  capabilities: readonly string[];
  /** One grade per grading run, null where the grader gave no readable score. */
  grades: readonly (number | null)[];
  /** A person's grade, which replaces the grader's in every run. */
  override: number | null;
}

export interface GroupScore {
  name: string;
  /** The capabilities of an integration, or the one capability; empty for the total. */
  capabilities: string[];
  questions: number;
  /** Mean over runs of the per-run score (0–100), null when no run graded any of its questions. */
  mean: number | null;
  std: number | null;
  /** The per-run scores, null for a run that graded none of its questions. */
  runs: (number | null)[];
}

export interface GradedScores {
  repeats: number;
  questions: number;
  /** Grades (question × run) left ungraded and not overridden. */
  ungraded: number;
  /** Questions with at least one such grade. */
  ungradedQuestions: number;
  overridden: number;
  total: GroupScore;
  byCapability: GroupScore[];
  byIntegration: GroupScore[];
}

const rank = (cap: string) => {
  const i = (MMVET_CAPABILITIES as readonly string[]).indexOf(cap);
  return i === -1 ? MMVET_CAPABILITIES.length : i;
};

/** Capabilities in MM-Vet's order, then any others alphabetically; each once. */
export function orderCapabilities(caps: readonly string[]): string[] {
  return [...new Set(caps)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The capabilities of a VLMEvalKit MMVet row, whose `category` lists them joined by commas (`rec,ocr`); null for a
 * category that is not such a list, so other open-question TSVs are not taken for MM-Vet.
 */
export function mmvetCapabilitiesOf(category: string | undefined): string[] | null {
  const caps = (category ?? '').split(',').map((c) => c.trim());
  return caps.every((c) => (MMVET_CAPABILITIES as readonly string[]).includes(c)) ? orderCapabilities(caps) : null;
}

/** An integration's name as MM-Vet joins a capability set: its capabilities joined by `_`. */
export const integrationName = (caps: readonly string[]) => orderCapabilities(caps).join('_');

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function groupScore(name: string, capabilities: string[], members: readonly GradedQuestion[], repeats: number): GroupScore {
  const runs: (number | null)[] = [];
  for (let r = 0; r < repeats; r++) {
    const grades = members.map((q) => q.override ?? q.grades[r] ?? null).filter((g): g is number => g !== null);
    runs.push(grades.length === 0 ? null : (grades.reduce((s, g) => s + g, 0) / grades.length) * 100);
  }
  const seen = runs.filter((v): v is number => v !== null);
  if (seen.length === 0) return { name, capabilities, questions: members.length, mean: null, std: null, runs };
  const m = mean(seen);
  return { name, capabilities, questions: members.length, mean: m, std: Math.sqrt(mean(seen.map((v) => (v - m) ** 2))), runs };
}

/** Groups by key, largest first, then in MM-Vet's capability order (its evaluator sorts by count). */
function grouped(questions: readonly GradedQuestion[], keysOf: (q: GradedQuestion) => string[][]): Map<string, { caps: string[]; members: GradedQuestion[] }> {
  const groups = new Map<string, { caps: string[]; members: GradedQuestion[] }>();
  for (const q of questions) {
    for (const caps of keysOf(q)) {
      const key = caps.join('_');
      const group = groups.get(key) ?? { caps, members: [] };
      group.members.push(q);
      groups.set(key, group);
    }
  }
  const byOrder = (a: string[], b: string[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return rank(a[i]!) - rank(b[i]!) || a[i]!.localeCompare(b[i]!);
    return a.length - b.length;
  };
  return new Map([...groups].sort(([, a], [, b]) => b.members.length - a.members.length || byOrder(a.caps, b.caps)));
}

/** MM-Vet's total, capability and capability-integration scores over `repeats` grading runs. */
export function scoreGraded(questions: readonly GradedQuestion[], repeats: number): GradedScores {
  const isUngraded = (q: GradedQuestion, r: number) => q.override === null && (q.grades[r] ?? null) === null;
  let ungraded = 0;
  let ungradedQuestions = 0;
  for (const q of questions) {
    let count = 0;
    for (let r = 0; r < repeats; r++) if (isUngraded(q, r)) count++;
    ungraded += count;
    if (count > 0) ungradedQuestions++;
  }
  const byCapability = [...grouped(questions, (q) => orderCapabilities(q.capabilities).map((c) => [c]))]
    .map(([name, g]) => groupScore(name, g.caps, g.members, repeats));
  const byIntegration = [...grouped(questions, (q) => [orderCapabilities(q.capabilities)])]
    .map(([name, g]) => groupScore(name, g.caps, g.members, repeats));
  return {
    repeats, questions: questions.length, ungraded, ungradedQuestions, overridden: questions.filter((q) => q.override !== null).length,
    total: groupScore('total', [], questions, repeats), byCapability, byIntegration,
  };
}
