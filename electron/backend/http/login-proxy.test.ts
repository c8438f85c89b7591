import { describe, expect, it } from 'vitest';
import { withTeamServer } from '../../../test/http-fixtures';
import { THROTTLE } from './login-throttle';

// The test's requests arrive from 127.0.0.1, which plays the reverse proxy the owner named.
const t = withTeamServer({ trustedProxies: ['127.0.0.1'] });

const from = (forwarded: string) => ({ 'x-forwarded-for': forwarded });
const wrong = (name: string, forwarded: string) => t.post('auth/login', { name, password: 'wrong-password' }, undefined, from(forwarded));

describe('logins behind a trusted reverse proxy (--trusted-proxy)', () => {
  it('slows the guessing client, not every member behind the proxy', async () => {
    await t.backend.call('users.setPassword', { name: 'lea', password: 'lea-secret-pw' });
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect((await wrong(`guess-${i}`, '10.0.0.66')).status).toBe(401);
    expect((await wrong('guess-x', '10.0.0.66')).status).toBe(429);
    // A forged hop written by the client sits left of what the proxy appended, and changes nothing.
    expect((await wrong('guess-y', '1.2.3.4, 10.0.0.66')).status).toBe(429);
    // Another member behind the same proxy logs in at once.
    const lea = await t.post('auth/login', { name: 'lea', password: 'lea-secret-pw' }, undefined, from('10.0.0.7'));
    expect(lea.status).toBe(200);
    const alerts = await t.backend.call('team.loginAlerts', {});
    expect(alerts.map((a) => [a.by, a.key])).toEqual([['address', '10.0.0.66']]);
  });
});
