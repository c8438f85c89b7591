import { describe, expect, it } from 'vitest';
import { withTeamServer } from '../../../test/http-fixtures';
import { goodDraft } from '../../../test/team-fixtures';
import { WORK_TIME_SLACK_MS } from '../team/assignment/work-time';

const t = withTeamServer();

const value = <T>(r: { status: number; text: string }): T => {
  expect(r.status, r.text).toBe(200);
  return (JSON.parse(r.text) as { value: T }).value;
};

describe('active time over HTTP', () => {
  it('credits 40 saves a moment apart, each claiming twelve hours, with at most the slack (attack 6)', async () => {
    const lea = t.cookie('lea');
    const ann = t.cookie('ann');
    value(await t.post('api/assignments.assign', { datasetId: t.datasetId, annotators: ['ann'], checkers: ['lea', 'cat'], select: { mode: 'count', count: 1 } }, lea));
    const itemId = value<{ rows: { itemId: number }[] }>(await t.post('api/triplets.queue', { kind: 'annotate' }, ann)).rows[0]!.itemId;
    let version = value<{ version: number }>(await t.post('api/triplets.get', { itemId }, ann)).version;
    for (let i = 0; i < 40; i++) {
      const time = { id: `forged-delta-${i}`, ms: 12 * 3_600_000 };
      version = value<{ version: number }>(await t.post('api/triplets.save', { itemId, baseVersion: version, draft: goodDraft(String(i)), time }, ann)).version;
    }
    const board = value<{ annotators: { user: string; timeMs: number }[] }>(await t.post('api/team.dashboard', {}, lea));
    // The 480 hours claimed are cut to the slack one save may run past its moment: no time passed on the clock.
    expect(board.annotators.find((a) => a.user === 'ann')!.timeMs).toBe(WORK_TIME_SLACK_MS);
  });
});
