import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleTsvRows, withProject, writeTsv } from '../../../test/fixtures';
import { listDatasets } from './datasets';

const t = withProject();

describe('dataset counts', () => {
  it('counts sources named like what every object inherits as sources', async () => {
    const file = join(t.dir, 'sources.tsv');
    const rows = sampleTsvRows(4);
    const source = rows[0]!.indexOf('extra_note');
    rows[0]![source] = 'source';
    ['constructor', '__proto__', 'constructor', 'toString'].forEach((s, i) => (rows[i + 1]![source] = s));
    writeTsv(file, rows);
    await t.backend.call('imports.run', { files: [file], dataset: 'sources' });
    const [summary] = listDatasets(t.backend.state.requireProject().db);
    expect(Object.entries(summary!.bySource).sort()).toEqual([['__proto__', 1], ['constructor', 2], ['toString', 1]]);
  });
});
