/**
 * A count with its noun, singular for one ("1 item", "2 items", "1,204 questions"), so every count on a screen says
 * what it counts and reads right; `plural` for the nouns that do not take an s.
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}
