import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..');

/** The Electron binary when its runtime was downloaded; null where it could not be (as on offline machines). */
export function electronBinary(): string | null {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const noElectronReason =
  'the Electron runtime is not installed on this machine (its binary download is unavailable here); the same specs run in Chromium';
