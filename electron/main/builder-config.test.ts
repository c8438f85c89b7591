import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const require = createRequire(__filename);

// electron-builder's own validator, run offline: packaging itself needs the network, its configuration does not.
const { validateConfiguration } = require(join(root, 'node_modules/app-builder-lib/out/util/config/config.js')) as {
  validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const logger = { isEnabled: false, add: () => undefined };
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as Record<string, unknown>;

describe('electron-builder configuration', () => {
  it('passes electron-builder’s schema', async () => {
    await expect(validateConfiguration(config, logger)).resolves.toBeUndefined();
  });

  it('the validator rejects a wrong option, so the check above can fail', async () => {
    await expect(validateConfiguration({ ...config, linux: { target: ['AppImage'], nonsense: true } }, logger)).rejects.toThrow(/Invalid configuration object/);
  });

  it('targets AppImage and deb, dmg and nsis, associates *.anchor files and ships no source maps', () => {
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config.mac).toMatchObject({ target: ['dmg'] });
    expect(config.win).toMatchObject({ target: ['nsis'] });
    expect(config.fileAssociations).toEqual([expect.objectContaining({ ext: 'anchor' })]);
    expect(config.files).toContain('!dist/**/*.map');
    // Native modules are rebuilt for Electron's ABI when packaging and kept outside the asar so they can load.
    expect(config.npmRebuild).toBe(true);
    expect(config.asarUnpack).toContain('**/*.node');
  });

  it('the package’s main entry is the built Electron main process', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    expect(pkg.main).toBe('dist/electron/main.cjs');
  });
});
