import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

let registered = false;

/**
 * Registers the bundled Liberation fonts under their own names and under the names papers use (Arial, Times New
 * Roman), so text renders the same on every machine — a bare server has no fonts at all.
 */
export function registerFonts(resourcesDir: string): void {
  if (registered) return;
  const dir = join(resourcesDir, 'fonts');
  const fonts: [string, string[]][] = [
    ['LiberationSans-Regular.ttf', ['Liberation Sans', 'Arial']],
    ['LiberationSans-Bold.ttf', ['Liberation Sans', 'Arial']],
    ['LiberationSerif-Regular.ttf', ['Liberation Serif', 'Times New Roman']],
  ];
  for (const [file, names] of fonts) {
    const path = join(dir, file);
    if (!existsSync(path)) throw new Error(`bundled font ${path} is missing`);
    for (const name of names) GlobalFonts.registerFromPath(path, name);
  }
  registered = true;
}
