/** Server paths typed one per line; blank lines and surrounding spaces are ignored. */
export function serverPaths(text: string): string[] {
  return text.split('\n').map((p) => p.trim()).filter(Boolean);
}

/** A file name without its extension. */
export function withoutExtension(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

/**
 * The dataset's name when none is typed: the first chosen file's name, or else the first path's last part (either
 * slash), without the extension.
 */
export function defaultDatasetName(firstFile: string | undefined, firstTarget: string): string {
  return withoutExtension(firstFile ?? firstTarget.split(/[\\/]/).pop() ?? 'dataset');
}
