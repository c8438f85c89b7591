import { words } from './scoring';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * A word diff of a candidate against p0 (longest common subsequence over whitespace-separated words, case kept), so a
 * reviewer sees exactly which words the optimizer changed. Prompts are short; O(n·m) is fine.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += ` ${text}`;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { push('same', a[i]!); i++; j++; } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}

/** How many words a diff adds or removes (its size as the edit budget counts it, roughly). */
export function changedWords(parts: readonly DiffPart[]): number {
  return parts.filter((p) => p.kind !== 'same').reduce((n, p) => n + words(p.text).length, 0);
}
