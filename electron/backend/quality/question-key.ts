/**
 * A question's text as duplicates are compared (DECISIONS 231): Unicode NFKC (full-width and composed forms folded),
 * lower case, every run of punctuation and symbols (Unicode P and S classes) and of white space made one space, trimmed.
 * So "What is  shown?" and "what is shown" are the same question; digits and letters are never changed.
 */
export function questionKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}\s]+/gu, ' ').trim();
}
