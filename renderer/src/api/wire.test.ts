import { describe, expect, it } from 'vitest';
import { readEvent, readEventText, readReply } from './wire';

// The renderer reads every reply and event with the contract's schemas (issue 31): these are the shapes a server of
// another version, a proxy's error page or a bug would send, and what the screens get instead of a crash.
const job = {
  id: 'j1', kind: 'import', title: 'Import MMBench', status: 'running', done: 3, total: 10, unit: 'rows', message: null, error: null, result: null,
  startedAt: '2026-11-26T12:00:00.000Z', finishedAt: null,
};

describe('a reply is read with the method\'s output schema', () => {
  it('hands on a reply of the contract\'s shape, as parsed', async () => {
    expect(await readReply('jobs.get', { ok: true, value: job })).toEqual({ ok: true, value: job });
    expect(await readReply('jobs.cancel', { ok: true, value: { cancelled: true, extra: 'dropped' } })).toEqual({ ok: true, value: { cancelled: true } });
  });

  it('turns a value of another shape into invalid_output naming the field', async () => {
    const reply = await readReply('jobs.get', { ok: true, value: { ...job, done: 'three' } });
    expect(reply).toMatchObject({ ok: false, unreachable: false, error: { code: 'invalid_output' } });
    expect(!reply.ok && reply.error.message).toContain('jobs.get');
    expect(!reply.ok && reply.error.message).toContain('done');
    expect(await readReply('jobs.list', { ok: true, value: { jobs: [job] } })).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
  });

  it('turns what is not a reply at all into invalid_output', async () => {
    for (const raw of ['<html>Bad gateway</html>', null, { ok: 'yes' }, { ok: false, error: { code: 'no-such-code', message: 'x' } }]) {
      expect(await readReply('jobs.list', raw)).toMatchObject({ ok: false, unreachable: false, error: { code: 'invalid_output' } });
    }
  });

  it('passes an error reply on with its code, and says when the server never answered', async () => {
    expect(await readReply('jobs.get', { ok: false, error: { code: 'not_found', message: 'no job j9' } })).toEqual({
      ok: false, unreachable: false, error: { code: 'not_found', message: 'no job j9' },
    });
    expect(await readReply('jobs.get', { ok: false, unreachable: true, error: { code: 'internal', message: 'gone' } })).toMatchObject({ ok: false, unreachable: true });
  });
});

describe('an event is read with the contract\'s event schema', () => {
  it('hands on events of the contract\'s shape', () => {
    expect(readEvent({ type: 'data.changed', scopes: ['runs'] })).toEqual({ ok: true, event: { type: 'data.changed', scopes: ['runs'] } });
    expect(readEventText(JSON.stringify({ type: 'job.progress', job }))).toEqual({ ok: true, event: { type: 'job.progress', job } });
  });

  it('refuses an unknown type, an unknown scope, a broken job and text that is not JSON, with invalid_output', () => {
    for (const raw of [{ type: 'run.exploded' }, { type: 'data.changed', scopes: ['everything'] }, { type: 'job.finished', job: { id: 'j1' } }]) {
      expect(readEvent(raw)).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
    }
    expect(readEventText('{"type":"data.chan')).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
  });
});
