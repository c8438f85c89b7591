import { describe, expect, it } from 'vitest';
import { withTeamServer } from '../../../test/http-fixtures';
import { THROTTLE } from './login-throttle';

// No --trusted-proxy: X-Forwarded-For is anyone's to write, so it must not move a guesser to a fresh address.
const t = withTeamServer();

describe('logins without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a guesser cannot shed the slow-down by naming new addresses', async () => {
    for (let i = 0; i < THROTTLE.freeFailures; i++) {
      const r = await t.post('auth/login', { name: `guess-${i}`, password: 'wrong-password' }, undefined, { 'x-forwarded-for': `10.9.0.${i}` });
      expect(r.status).toBe(401);
    }
    const next = await t.post('auth/login', { name: 'guess-x', password: 'wrong-password' }, undefined, { 'x-forwarded-for': '10.9.1.1' });
    expect(next.status).toBe(429);
  });
});
