import type { Option } from '../contract/entities';

export const MAX_OPTIONS = 26;
const A = 'A'.charCodeAt(0);

/** The label of the i-th option: A, B, C… */
export function optionLabel(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_OPTIONS) {
    throw new RangeError(`option index ${index} is outside A–Z`);
  }
  return String.fromCharCode(A + index);
}

/** Labels option texts A, B, C… in order. */
export function labelOptions(texts: readonly string[]): Option[] {
  return texts.map((text, i) => ({ label: optionLabel(i), text }));
}

/**
 * Checks that labels run contiguously from A, as METHODS §1 requires, and returns a message when they do not.
 * Importers call this so a file with a gap (A, B, D) is refused rather than silently renumbered.
 */
export function optionLabelProblem(options: readonly Option[]): string | null {
  if (options.length > MAX_OPTIONS) return `${options.length} options; at most ${MAX_OPTIONS} are allowed`;
  for (let i = 0; i < options.length; i++) {
    const expected = optionLabel(i);
    if (options[i]!.label !== expected) {
      return `options must be labelled contiguously from A; found ${options[i]!.label} where ${expected} belongs`;
    }
  }
  return null;
}
