import type { ProjectCheck } from './project-check';

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const listed = (items: string[], most = 10) => items.slice(0, most).join('; ') + (items.length > most ? `; … ${items.length - most} more` : '');

/** `anchor doctor project`'s report for a person: one line per check, what was found and what to do about it. */
export function describeCheck(check: ProjectCheck, fix: boolean): string {
  const { images, orphanedImages: orphans, staleFolders: stale } = check;
  const imageLines = images.damaged.map((d) => {
    const shown = d.items.length === 0 ? 'shown by no item' : `shown by ${listed(d.items.map((i) => `${i.dataset}/${i.extId}`), 5)}`;
    return `    ${d.hash}: its bytes now hash to ${d.actual} (${shown})`;
  });
  const lines = [
    check.path,
    `  pages: ${check.integrity.length === 0 ? 'sound (integrity_check: ok)' : `${check.integrity.length} problem(s): ${listed(check.integrity)}`}`,
    `  schema: ${check.missing.length === 0 ? 'complete' : `lacks ${listed(check.missing)}`}`,
    `  references: ${check.foreignKeys.length === 0 ? 'every row\'s parent is there' : `${check.foreignKeys.length} row(s) whose parent is missing: ${listed(check.foreignKeys.map((f) => `${f.table} row ${f.rowid ?? '?'} → ${f.parent}`))}`}`,
    `  images: ${images.checked} re-hashed, ${images.damaged.length === 0 ? 'all match their keys' : `${images.damaged.length} no longer match their keys:`}`,
    ...imageLines,
    `  orphaned images: ${orphans.count === 0 ? 'none' : `${orphans.count} (${megabytes(orphans.bytes)}) no item shows${orphans.removed ? ' — removed' : fix ? ' — left (an import of this project is running, or the file is damaged)' : ' — run with --fix to remove them'}`}`,
    `  stale scratch folders: ${stale.folders.length === 0 ? 'none' : `${stale.folders.length}${stale.removed ? ' — removed' : ' — run with --fix to remove them'}: ${listed(stale.folders, 5)}`}`,
  ];
  lines.push(check.damaged
    ? 'The project is damaged: --fix never repairs pages, missing tables, rows or images, and never touches answers; restore it from a copy or a backup.'
    : 'No damage found.');
  return lines.join('\n');
}

/** The one-sentence failure `--json` and the exit code carry when damage remains. */
export function damageSummary(check: ProjectCheck): string {
  const parts = [
    check.integrity.length ? `${check.integrity.length} page problem(s)` : '',
    check.missing.length ? `missing ${listed(check.missing, 3)}` : '',
    check.foreignKeys.length ? `${check.foreignKeys.length} row(s) whose parent is missing` : '',
    check.images.damaged.length ? `${check.images.damaged.length} image(s) whose bytes no longer match their key (${listed(check.images.damaged.map((d) => d.hash.slice(0, 12)), 5)})` : '',
  ].filter(Boolean);
  return `${check.path} is damaged: ${parts.join(', ')}; restore it from a copy or a backup`;
}
