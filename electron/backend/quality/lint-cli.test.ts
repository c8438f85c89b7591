import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBuiltCli } from '../../../test/built-cli';
import { distinctImage, variantOf, writeImageJsonl } from '../../../test/near-duplicate-images';

const cli = withBuiltCli();

describe('anchor lint: duplicates', () => {
  it('reports near-duplicate images and duplicate questions, with --json and in words', async () => {
    const project = join(cli.dir(), 'dups.anchor');
    const [a, b] = [distinctImage(21), distinctImage(22)];
    const bench = writeImageJsonl(join(cli.dir(), 'bench.jsonl'), [
      { id: 'a', question: 'What is shown?', image: a! },
      { id: 'b', question: 'Which colour?', image: b! },
      { id: 'a2', question: 'what is shown', image: a! },
    ]);
    const copy = writeImageJsonl(join(cli.dir(), 'copy.jsonl'), [{ id: 'n', question: 'Anything?', image: await variantOf(b!, 'jpeg') }]);
    expect(cli.anchor('import', bench, '--project', project, '--dataset', 'bench').code).toBe(0);
    expect(cli.anchor('import', copy, '--project', project, '--dataset', 'copy').code).toBe(0);

    const json = cli.anchor('lint', '--project', project, '--json');
    expect(json.code).toBe(2);
    const findings: { rule: string; extId: string; message: string }[] = JSON.parse(json.stdout).value.findings;
    expect(findings.filter((f) => f.rule === 'near_duplicate_image' || f.rule === 'duplicate_question').map((f) => [f.rule, f.extId])).toEqual([
      ['near_duplicate_image', 'n'], ['duplicate_question', 'a2'],
    ]);
    const words = cli.anchor('lint', '--project', project);
    expect(words.stdout).toMatch(/copy item n \(#\d+\): the image of n looks like \(\d of 64 bits differ from\) the image of bench item b \[near_duplicate_image\]/);
    expect(words.stdout).toMatch(/bench item a2 \(#\d+\) question #\d+: origin question of a2 repeats the origin question of bench item a \(same text and image\) \[duplicate_question\]/);
    expect(cli.anchor('lint', '--project', project, '--dataset', 'bench', '--json').stdout).not.toMatch(/near_duplicate_image/);
  });
});
