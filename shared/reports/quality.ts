import type { QualityReport } from '../contract';
import { pct1 } from './format';

/** What the report says of a section no check has filled yet (the page, the CLI and the dataset card say the same). */
export const BLIND_NOT_CHECKED = 'not checked yet — run the visual-dependency check';
export const NO_PROVENANCE = 'no provenance recorded';

type Agreement = QualityReport['agreement']['overall'];
type ImageGroup = QualityReport['duplicates']['imageGroups'][number];

/** A share as "66.7%", or "—" when undefined. */
export const shareText = (x: number | null) => (x === null ? '—' : `${pct1(100 * x)}%`);
/** Cohen's kappa to three places, or "—" when undefined (no pairs, or one verdict throughout). */
export const kappaText = (k: number | null) => (k === null ? '—' : k.toFixed(3));

/** The items a near-duplicate group shows, as "dataset/id". */
export const groupItems = (g: ImageGroup) => g.images.flatMap((i) => i.uses.map((u) => `${u.dataset}/${u.extId}`));
/** The smallest distance of a group's pairs in bits (0: the same image shown by several items). */
export const closestDistance = (g: ImageGroup) => (g.pairs.length ? Math.min(...g.pairs.map((p) => p.distance)) : 0);

/** The agreement rows, per role then both together. */
export function agreementRows(a: QualityReport['agreement']): { label: string; value: Agreement }[] {
  return [{ label: 'perception', value: a.perception }, { label: 'knowledge', value: a.knowledge }, { label: 'both questions', value: a.overall }];
}

/** Text safe in a Markdown table cell: pipes escaped, line breaks folded. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function duplicatesMarkdown(d: QualityReport['duplicates'], dataset: string): string[] {
  const lines = ['## Duplicates', '',
    `Near-duplicate images (dHash, at most ${d.threshold} of 64 bits differ): ${d.imageGroups.length} group(s), ${d.withinDataset} within the dataset and `
    + `${d.acrossDatasets} reaching other datasets; ${d.itemsWithNearDuplicate} item(s) of ${dataset} have a near or exact copy.`
    + (d.unhashable ? ` ${d.unhashable} image(s) could not be hashed.` : ''), ''];
  if (d.imageGroups.length) {
    lines.push('| group | items | closest (bits) |', '|---|---|---|');
    d.imageGroups.forEach((g, k) => lines.push(`| ${k + 1} | ${cell(groupItems(g).join(', '))} | ${closestDistance(g)} |`));
    lines.push('');
  }
  lines.push(`Exact duplicate questions (same normalised text and images): ${d.questionGroups.length} group(s).`, '');
  if (d.questionGroups.length) {
    lines.push('| question | where |', '|---|---|');
    for (const g of d.questionGroups) lines.push(`| ${cell(g.text)} | ${cell(g.questions.map((q) => `${q.dataset}/${q.extId} (${q.role})`).join(', '))} |`);
    lines.push('');
  }
  return lines;
}

function agreementMarkdown(a: QualityReport['agreement']): string[] {
  return ['## Checker agreement', '',
    `Pass/Problematic verdicts of the two checkers, over ${a.rounds} review round(s) both finished (METHODS §9).`, '',
    '| question | pairs | raw agreement | Cohen\'s kappa |', '|---|---|---|---|',
    ...agreementRows(a).map((r) => `| ${r.label} | ${r.value.n} | ${shareText(r.value.percent)} | ${kappaText(r.value.kappa)} |`), ''];
}

/** The blind section's rows: per role, then per source (questions of no source under "none"). */
export function blindRows(b: NonNullable<QualityReport['blind']>): { by: string; key: string; checked: number; blind: number; share: number }[] {
  return [...b.byRole.map((r) => ({ by: 'role', ...r })), ...b.bySource.map((r) => ({ by: 'source', ...r, key: r.key || 'none' }))];
}

function blindMarkdown(b: QualityReport['blind']): string[] {
  if (!b) return ['## Answerable without the image', '', `${BLIND_NOT_CHECKED[0]!.toUpperCase()}${BLIND_NOT_CHECKED.slice(1)}.`, ''];
  return ['## Answerable without the image', '', `${b.blind} of ${b.checked} checked question(s) (${shareText(b.checked ? b.blind / b.checked : null)}).`, '',
    '| by | value | checked | answerable blind | share |', '|---|---|---|---|---|',
    ...blindRows(b).map((r) => `| ${r.by} | ${cell(r.key)} | ${r.checked} | ${r.blind} | ${shareText(r.share)} |`), ''];
}

/** How much of the drafted words people changed on average, when any triplet was drafted. */
export function editedText(meanEditShare: number | null): string {
  return meanEditShare === null ? '' : `; ${shareText(meanEditShare)} of drafted words changed on average`;
}

function provenanceMarkdown(p: QualityReport['provenance']): string[] {
  if (!p) return ['## Provenance', '', `${NO_PROVENANCE[0]!.toUpperCase()}${NO_PROVENANCE.slice(1)}.`, ''];
  const share = (n: number) => shareText(p.triplets ? n / p.triplets : null);
  return ['## Provenance', '', `${p.triplets} triplet(s): human-written ${p.human} (${share(p.human)}), model-drafted and edited `
    + `${p.draftedEdited} (${share(p.draftedEdited)}), model-drafted unchanged ${p.draftedUnchanged} (${share(p.draftedUnchanged)})${editedText(p.meanEditShare)}.`, ''];
}

/** The report as Markdown: `anchor report --quality`'s text and the section the dataset card carries. */
export function qualityMarkdown(r: QualityReport, heading = '#'): string {
  const lines = [`${heading} Quality report: ${r.dataset.name}`, '', `${r.dataset.items} items, ${r.dataset.questions} questions.`, '',
    ...duplicatesMarkdown(r.duplicates, r.dataset.name), ...agreementMarkdown(r.agreement), ...blindMarkdown(r.blind), ...provenanceMarkdown(r.provenance)];
  // Sections sit one level under the report's own heading.
  return lines.map((l) => (l.startsWith('## ') ? `${heading}#${l.slice(2)}` : l)).join('\n');
}
