import { describe, expect, it } from 'vitest';
import { withTeamServer } from '../../../test/http-fixtures';
import { LoginThrottle, THROTTLE } from './login-throttle';
import { COOKIE } from './auth';

const t = withTeamServer();

/** CPU time (all threads: scrypt runs on libuv's pool) a call costs; a ratio of two is independent of machine speed. */
async function cpuOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

describe('logins', () => {
  it('does the same scrypt work for an unknown name as for a known one (names cannot be told apart by timing)', async () => {
    await t.backend.call('users.setPassword', { name: 'lea', password: 'lea-secret-pw' });
    // The first unknown name also makes the dummy hash; measure the second.
    expect((await t.post('auth/login', { name: 'nobody-0', password: 'wrong-password' })).status).toBe(401);
    const known = await cpuOf(async () => expect((await t.post('auth/login', { name: 'lea', password: 'wrong-password' })).status).toBe(401));
    const unknown = await cpuOf(async () => expect((await t.post('auth/login', { name: 'nobody-1', password: 'wrong-password' })).status).toBe(401));
    // Before the dummy check an unknown name cost ~1% of a known one.
    expect(unknown / known).toBeGreaterThan(0.5);
  });

  it('slows down an address after repeated failures, tells the lead, and lets the right password in once the wait is over', async () => {
    await t.backend.call('users.setPassword', { name: 'lea', password: 'lea-secret-pw' });
    for (let i = 0; i < THROTTLE.freeFailures; i++) {
      expect((await t.post('auth/login', { name: `guess-${i}`, password: 'password1' })).status).toBe(401);
    }
    // Even the right password waits: the guesser cannot tell a hit from the slow-down.
    const slowed = await t.post('auth/login', { name: 'lea', password: 'lea-secret-pw' });
    expect(slowed.status).toBe(429);
    expect(JSON.parse(slowed.text).error).toEqual({ code: 'rate_limited', message: 'too many failed logins; try again in 1 minute(s)' });

    const lea = t.cookie('lea');
    const alerts = JSON.parse((await t.post('api/team.loginAlerts', {}, lea)).text) as { value: { by: string; key: string; failures: number }[] };
    expect(alerts.value.map((a) => [a.by, a.key, a.failures])).toEqual([['address', '127.0.0.1', THROTTLE.freeFailures]]);
    expect((await t.post('api/team.loginAlerts', {}, t.cookie('ann'))).status).toBe(403);

    t.clock.now = new Date(t.clock.now.getTime() + THROTTLE.firstWaitMs + 1000);
    expect((await t.post('auth/login', { name: 'lea', password: 'lea-secret-pw' })).status).toBe(200);
  });
});

describe('session cookies', () => {
  it('answers a malformed session cookie with 401, not a server error (attack 10)', async () => {
    for (const cookie of [`${COOKIE}=%ZZ`, `${COOKIE}=%`, `other=1; ${COOKIE}=%E0%A4%A`]) {
      const r = await t.post('api/datasets.list', {}, cookie);
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text).error.code).toBe('unauthorized');
      expect((await t.post('auth/logout', {}, cookie)).status).toBe(200);
    }
  });
});

describe('logins in parallel', () => {
  it('lets at most the free failures of 30 simultaneous wrong passwords for one name reach the hash (attack 5)', async () => {
    await t.backend.call('users.setPassword', { name: 'lea', password: 'lea-secret-pw' });
    // All 30 are sent before any is answered: the block used to be read before the hash and the miss recorded after,
    // so every one of them was checked in full (30 × 401).
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.post('auth/login', { name: 'lea', password: `guess-${i}-pw` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - THROTTLE.freeFailures);
  });

  it('lets a room of people behind one address log in at the same moment: the address is checked a few at a time, never refused', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `member${i}`);
    for (const name of names) await t.backend.call('users.add', { name, roles: ['annotator'], password: `${name}-password` });
    const answers = await Promise.all(names.map((name) => t.post('auth/login', { name, password: `${name}-password` })));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
  });

  it('lets few of 30 simultaneous wrong logins for 30 names from one address reach the hash (attack 5, by address)', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.post('auth/login', { name: `nobody${i}`, password: 'guess-pw' })));
    const statuses = answers.map((a) => a.status);
    // At most `freeFailures` are checked at once; once their misses start the slow-down, the rest are refused.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2 * THROTTLE.freeFailures - 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - (2 * THROTTLE.freeFailures - 1));
  });
});

describe('login throttle', () => {
  it('slows a name attacked from many addresses, doubling the wait per miss up to its limit', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 1; i < THROTTLE.freeFailures; i++) expect(throttle.failed('lea', `10.0.0.${i}`)).toEqual([]);
    expect(throttle.blocked('lea', '10.0.0.99')).toBeNull();
    expect(throttle.failed('lea', '10.0.0.100')).toEqual([{ by: 'name', key: 'lea', failures: THROTTLE.freeFailures, until: new Date(THROTTLE.firstWaitMs) }]);
    expect(throttle.blocked('lea', '10.0.0.101')).toMatchObject({ by: 'name', key: 'lea' });
    expect(throttle.blocked('ann', '10.0.0.101')).toBeNull();
    now = THROTTLE.firstWaitMs;
    expect(throttle.failed('lea', '10.0.0.102')[0]!.until.getTime() - now).toBe(2 * THROTTLE.firstWaitMs);
    for (let i = 0; i < 10; i++) throttle.failed('lea', `10.1.0.${i}`);
    expect(throttle.blocked('lea', 'x')!.until.getTime() - now).toBe(THROTTLE.maxWaitMs);
    throttle.succeeded('lea', 'x');
    expect(throttle.blocked('lea', 'y')).toBeNull();
  });

  it('counts a name\'s attempt before its password is checked, and a success forgets it', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect(throttle.attempt('lea', 'a').blocked).toBeNull();
    expect(throttle.attempt('lea', 'a').blocked).toMatchObject({ by: 'name', failures: THROTTLE.freeFailures });
    throttle.succeeded('lea', 'a');
    for (let i = 0; i < THROTTLE.freeFailures + 2; i++) {
      expect(throttle.attempt('lea', 'a').blocked).toBeNull();
      throttle.succeeded('lea', 'a');
    }
  });
});
