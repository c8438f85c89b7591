import { describe, expect, it } from 'vitest';
import { capabilityMethods, capabilityNames } from '@shared/domain/capabilities';
import { withProject } from '../../../../test/fixtures';
import { seedTeam } from '../../../../test/team-fixtures';

const t = withProject();

/** Whether the backend refuses the method to this caller on role grounds (a malformed input gets past that check). */
async function refused(method: string, userId: string | null, requireUser: boolean): Promise<boolean> {
  const result = await t.backend.dispatch(method, 'not an input', { userId, requireUser });
  return !result.ok && (result.error.code === 'forbidden' || result.error.code === 'unauthorized');
}

describe('session.capabilities', () => {
  it('says exactly what the backend lets each person do, on the desktop and on a team server', async () => {
    await seedTeam(t.backend, t.dir);
    for (const team of [false, true]) {
      t.backend.state.setTeam(team);
      for (const userId of [null, 'ann', 'cat', 'lea', 'ann2']) {
        const requireUser = team;
        const caps = await t.backend.dispatch('session.capabilities', {}, { userId, requireUser });
        if (!caps.ok) throw new Error(caps.error.message);
        const value = caps.value as { can: Record<string, boolean> };
        for (const name of capabilityNames) {
          const method = capabilityMethods[name];
          expect({ team, userId, name, can: value.can[name] }).toEqual({ team, userId, name, can: !(await refused(method, userId, requireUser)) });
        }
      }
    }
  });

  it('hides lead-only actions from an annotator and offers uploads, not server paths, on a team server', async () => {
    await seedTeam(t.backend, t.dir);
    const ann = await t.backend.dispatch('session.capabilities', {}, { userId: 'ann' });
    expect(ann).toMatchObject({ ok: true, value: { user: 'ann', importFrom: [], can: { importFiles: false, newRun: false, manageEndpoints: false, manageTeam: false, annotate: true, review: false } } });
    const owner = await t.backend.dispatch('session.capabilities', {}, { userId: null });
    expect(owner).toMatchObject({ ok: true, value: { mode: 'local', importFrom: ['paths', 'upload'], can: { importFiles: true, switchProject: true } } });
    t.backend.state.setTeam(true);
    const lea = await t.backend.dispatch('session.capabilities', {}, { userId: 'lea', requireUser: true });
    expect(lea).toMatchObject({ ok: true, value: { mode: 'team', importFrom: ['upload'], can: { importFiles: true, switchProject: false, switchProfile: false } } });
    const nobody = await t.backend.dispatch('session.capabilities', {}, { userId: null, requireUser: true });
    expect(nobody).toMatchObject({ ok: true, value: { importFrom: [], can: { importFiles: false, annotate: false } } });
  });
});
