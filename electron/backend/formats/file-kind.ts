import type { Stats } from 'node:fs';

/** What a path names when it is not a regular file, for errors that refuse to read it (a FIFO blocks, a device never ends). */
export function fileKind(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}
