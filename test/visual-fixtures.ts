import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { png } from './fixtures';

/**
 * The visual-dependency check's fixtures (issue 36 item 1): four triplets in MMEvalPro's layout, every gold answer B,
 * each question naming itself ("Knowledge question of triplet 3"), so a local "text-only model" can answer some of
 * them right without the image.
 */
export function writeTriplets(dir: string, name = 'triplets.json'): string {
  const rows = [1, 2, 3, 4].flatMap((n) => ['Origin', 'Perception', 'Knowledge'].map((evalType) => ({
    triplet_id: n, question: `${evalType} question of triplet ${n}`, choices: ['one', 'two', 'three'], answer: 'B', eval_type: evalType,
    image: png(10 + n, 8, `#${(0x204060 + n * 0x0a0a0a).toString(16).slice(-6)}`).toString('base64'), source: n % 2 ? 'MMMU' : 'ScienceQA',
  })));
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(rows));
  return file;
}

/**
 * A model's reply to a question of `writeTriplets`: B (right) for the questions it `knows` ("T1 Origin"), a reply no
 * rule can read for those of the triplet `unread` names ("T4"), A (wrong) for the rest.
 */
export const knowingReply = (knows: readonly string[], unread = '') => (prompt: string): string => {
  const asked = /(\w+) question of triplet (\d)/.exec(prompt);
  const id = asked ? `T${asked[2]} ${asked[1]}` : '';
  if (knows.includes(id)) return 'B';
  return unread && id.startsWith(unread) ? 'I cannot see any picture.' : 'A';
};
