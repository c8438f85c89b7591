/**
 * Reading option letters inside a sentence (METHODS §4.1): every letter that stands alone is a mention; mentions
 * joined by "or", "and", commas or slashes form a group; a group is negated ("not B", "B is wrong"), merely listed
 * ("among A, B, C and D"), stated as the answer ("the answer is B", "B is correct") or plain. A reply is read as one
 * label only when its stated groups, or failing those its plain ones, name exactly one label.
 */

export type LetterReading = { label: string; stated: boolean } | 'ambiguous' | null;

interface Mention {
  letter: string;
  index: number;
}

interface Group {
  letters: string[];
  start: number;
  end: number;
}

// Words that follow a capital "A" used as a label ("A or B", "A is correct"), not as the article ("A cat").
const LABEL_FOLLOWERS = /^ (?:or|ou|o|oder|and|nor|is|was|are|seems?|appears?|looks?|would|could|might|must|should|will|matches|fits|describes|shows|corresponds|because|since|as|vs\.?|versus|then|but|though|instead|only|alone|too|also|here|not|isn't|can|cannot|has|remains|gives|best|correct|right|wrong|incorrect|it|for)\b/;

const STATED_BEFORE = new RegExp(
  // "Option B" alone names an option ("Option B describes a square"); "option is B" or "option: B" states one.
  String.raw`(?:\b(?:answer|match|pick|selection|response|result|guess)\s*(?:(?:is|would be|should be|must be|will be|=|:|-)\s*)?(?:(?:option|choice)\s+)?` +
    String.raw`|\b(?:choice|option)\s*(?:is|would be|should be|must be|will be|=|:|-)\s*(?:(?:option|choice)\s+)?` +
    String.raw`|\b(?:choose|chose|choosing|pick|picked|select|selected|go with|going with|opt for|i'd say|i would say|it is|it's|it must be|it should be|this is|must be|so|thus|therefore|hence|then)\s+(?:(?:the\s+)?(?:option|choice)\s+)?` +
    String.raw`|(?:答案|选项|选择|选|是|为)\s*(?:是|为|应该是|应为)?\s*:?\s*)[([]?$`,
  'i',
);
// A lowercase letter is a label only right after an answer word and before the end of the clause ("my answer is b.").
const STATED_NOUN_BEFORE = /\b(?:answer|choice|option|pick|selection)\s*(?:(?:is|would be|should be|:|=)\s*)?(?:(?:option|choice)\s+)?[([]?$/i;
const LOWER_AFTER = /^(?:[)\]]?\s*(?:$|[.,;:!?。])|[)\]]?\s+(?:because|since|as)\b)/;
const STATED_AFTER = /^[)\]]?\s*(?:(?:is|'s|would be|seems to be)\s+(?:the\s+)?(?:correct|right|best|final|most likely|most appropriate|most accurate|true|only correct)?\s*(?:answer|option|choice|one|match)\b|is\s+(?:correct|right)\b|(?:是正确|正确|对))/i;
const NEGATED_BEFORE = /(?:\b(?:not|isn't|is not|neither|nor|eliminat\w*|exclud\w*|rule out|ruling out|ruled out|except|other than|instead of|rather than|over|other)\s+(?:the\s+)?(?:options?\s+|choices?\s+)?|(?:不是|不选|排除)\s*)[([]?$/i;
const NEGATED_AFTER = /^[)\].]?\s*(?:(?:is|are|was|were|seems?|looks?)\s+(?:the\s+|a\s+)?(?:not|wrong|incorrect|false|ruled out|eliminated|excluded|unlikely|close but)\b|(?:isn't|aren't|can be (?:ruled out|eliminated|excluded)|can't be|cannot be)\b|(?:do|does)\s*(?:not|n't)\s+(?:match|fit|apply)\b|(?:是错|不对|错误|不正确))/i;
// A letter the reply describes rather than picks: "Option B mentions a square".
const NAMED_AFTER = /^[)\]]?\s+(?:mentions|describes|says|states|refers to|is about|depicts|lists|reads)\b/i;
// Letters given as examples ("angles like B are common") are listed, not picked.
const LISTED_BEFORE = /\b(?:among|between|from|options|choices|like|such as|e\.g\.|for example|for instance)\s+(?:the\s+)?(?:options?\s+|choices?\s+)?[([]?$/i;
// Connectives of several languages join alternatives: "A ou C", "A o C", "A oder C", "A或C", "A 또는 C".
const SEPARATOR = /^[)\]]?\s*(?:,|\/|、|或者|或|还是|和|与|及|または|또는|[Oo]r maybe|[Oo]r|[Oo]u|[Oo]|[Oo]der|[Aa]nd|[Nn]or|\?\s*[Oo]r(?: maybe)?)\s*(?:options?\s+|choices?\s+)?[([]?$/;

function isWordUse(text: string, index: number, letter: string): boolean {
  const after = text.slice(index + 1, index + 16);
  if (letter === 'I') return /^(?: [a-z]|['’])/.test(after);
  return letter === 'A' && /^ [a-z]/.test(after) && !LABEL_FOLLOWERS.test(after);
}

/**
 * More standalone letters than this and a reply is not read by its letters (DECISIONS 110): no reply that states one
 * choice needs them, and weighing each against its neighbours is what made "A A A …" cost most (issue 29).
 */
export const MAX_MENTIONS = 100;

function mentions(text: string): Mention[] | null {
  const found: Mention[] = [];
  for (const m of text.matchAll(/(?<![A-Za-z0-9'’])([A-Za-z])(?![A-Za-z0-9'’])/g)) {
    if (found.length > MAX_MENTIONS) return null;
    const letter = m[1]!;
    if (letter === letter.toUpperCase()) {
      if (!isWordUse(text, m.index, letter)) found.push({ letter, index: m.index });
    } else if (STATED_NOUN_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) && LOWER_AFTER.test(text.slice(m.index + 1, m.index + 12))) {
      found.push({ letter: letter.toUpperCase(), index: m.index });
    }
  }
  return found;
}

function groups(text: string, list: readonly Mention[]): Group[] {
  const out: Group[] = [];
  for (const m of list) {
    const last = out[out.length - 1];
    if (last && SEPARATOR.test(text.slice(last.end, m.index))) {
      last.letters.push(m.letter);
      last.end = m.index + 1;
    } else out.push({ letters: [m.letter], start: m.index, end: m.index + 1 });
  }
  return out;
}

type GroupKind = 'skip' | 'stated' | 'plain';

function kindOf(text: string, g: Group): GroupKind {
  const before = text.slice(Math.max(0, g.start - 50), g.start);
  const after = text.slice(g.end, g.end + 60);
  if (NEGATED_BEFORE.test(before) || NEGATED_AFTER.test(after) || NAMED_AFTER.test(after)) return 'skip';
  if (LISTED_BEFORE.test(before) || new Set(g.letters).size >= 3) return 'skip';
  return STATED_BEFORE.test(before) || STATED_AFTER.test(after) ? 'stated' : 'plain';
}

const LINE_START = (text: string, at: number) => at === 0 || text[at - 1] === '\n';

/**
 * Whether the mention opens its line ("A. …", "(B) …"). Characters are looked at directly: a pattern ending in `$`
 * over the text before each mention was quadratic in a reply of many one-letter lines (issue 29).
 */
function leadsLine(text: string, index: number): boolean {
  const before = LINE_START(text, index) || ('(['.includes(text[index - 1] ?? 'x') && LINE_START(text, index - 1));
  return before && ').:]'.includes(text[index + 1] ?? 'x');
}

/** Lines opening with two or more different labels ("A. Sunny\nB. Rainy…") restate or weigh the options: a list. */
function withoutOptionList(text: string, list: readonly Mention[]): Mention[] {
  const leading = list.filter((m) => leadsLine(text, m.index));
  if (new Set(leading.map((m) => m.letter)).size < 2) return [...list];
  return list.filter((m) => !leading.includes(m));
}

/** The one label the letters in `text` choose, 'ambiguous' when they choose several (or a letter that is no label). */
export function readLetters(text: string, labels: ReadonlySet<string>): LetterReading {
  const stated = new Set<string>();
  const plain = new Set<string>();
  const found = mentions(text);
  if (found === null) return 'ambiguous';
  for (const g of groups(text, withoutOptionList(text, found))) {
    const kind = kindOf(text, g);
    if (kind === 'skip') continue;
    const inSet = [...new Set(g.letters.filter((l) => labels.has(l)))];
    // "The answer is E" with options A–D: a stated letter that is no option makes the reply unreadable.
    if (kind === 'stated' && inSet.length < new Set(g.letters).size) return 'ambiguous';
    if (inSet.length > 1) return 'ambiguous';
    if (inSet.length === 1) (kind === 'stated' ? stated : plain).add(inSet[0]!);
  }
  const chosen = stated.size > 0 ? stated : plain;
  if (chosen.size > 1) return 'ambiguous';
  return chosen.size === 1 ? { label: [...chosen][0]!, stated: stated.size > 0 } : null;
}

// Revisions: the last one wins ("Answer: B … Final: C", "D... no, it is B", "答案是B。不对，应该是C").
const CORRECTION = new RegExp(String.raw`\b(?:wait|actually|on second thought|on closer (?:inspection|look)|correction|scratch that|i mean|let me reconsider|upon reflection|on reflection|rethinking|re-?checking|looking again)\b` +
  // "No," revises only what came before it: a reply opening with "No, …" answers a yes/no question.
  String.raw`|\bfinal(?: answer)?\s*[:：]|(?<=[\s\S])\bno,(?=\s)|\.\.\.\s*no\b|不对|更正`, 'gi');

/** The part of a reply after its last self-correction ("B. Wait, no, actually it is A." → " it is A."). */
export function afterLastCorrection(text: string): string {
  let end = -1;
  for (const m of text.matchAll(CORRECTION)) end = m.index + m[0].length;
  return end < 0 ? text : text.slice(end);
}
