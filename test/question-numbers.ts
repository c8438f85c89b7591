// Reading the seeded datasets' prompts back, with no imports: browser tests load this too.

/** The gold label of "Question i" in the seeded dataset. */
export function goldOf(prompt: string): string {
  const i = Number(/Question (\d+)/.exec(prompt)?.[1] ?? -1);
  return 'ABCD'[i % 4] ?? 'Z';
}

/** The question number a prompt asks. */
export function questionNumber(prompt: string): number {
  return Number(/Question (\d+)/.exec(prompt)?.[1] ?? -1);
}
