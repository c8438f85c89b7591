import { describe, expect, it } from 'vitest';
import { defaultDatasetName, serverPaths, withoutExtension } from './import-names';

describe('naming an import', () => {
  it('reads server paths one per line, ignoring blanks and spaces', () => {
    expect(serverPaths(' /data/a.tsv \n\n/data/b.json\n  ')).toEqual(['/data/a.tsv', '/data/b.json']);
    expect(serverPaths('')).toEqual([]);
  });

  it('names the dataset after the first file, else after the first path, without the extension', () => {
    expect(defaultDatasetName('MMBench_DEV_EN.tsv', '/uploads/123')).toBe('MMBench_DEV_EN');
    expect(defaultDatasetName(undefined, '/data/sets/mmmu.val.parquet')).toBe('mmmu.val');
    expect(defaultDatasetName(undefined, 'C:\\data\\seeds.jsonl')).toBe('seeds');
    expect(withoutExtension('noext')).toBe('noext');
  });
});
