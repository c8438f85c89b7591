/** Original vs customised accuracy of one task for one model, on the held-out test set. */
export interface TaskResult {
  model: string;
  task: string;
  original: number;
  customised: number;
}

export interface ModelSummary {
  model: string;
  tasks: number;
  /** Mean accuracy over tasks with the original prompts (the paper's "Original Score"). */
  original: number;
  /** Mean accuracy over tasks with each task's customised prompt ("TP-Eval Score"). */
  customised: number;
  /** Tasks the customised prompt improved ("#Improved Task"). */
  improved: number;
  /** Mean relative gain over the improved tasks, customised / original − 1 ("Ratio"); null when none improved. */
  meanImprovement: number | null;
}

/** The paper's Table 2, one row per model. */
export function summariseByModel(results: readonly TaskResult[]): ModelSummary[] {
  const byModel = new Map<string, TaskResult[]>();
  for (const r of results) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
  return [...byModel.entries()].map(([model, rows]) => {
    const improved = rows.filter((r) => r.customised > r.original);
    const gains = improved.filter((r) => r.original > 0).map((r) => r.customised / r.original - 1);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return {
      model, tasks: rows.length, original: mean(rows.map((r) => r.original)), customised: mean(rows.map((r) => r.customised)),
      improved: improved.length, meanImprovement: gains.length ? mean(gains) : null,
    };
  });
}
