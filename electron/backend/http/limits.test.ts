import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { raw, withTeamServer } from '../../../test/http-fixtures';
import { GUIDELINES_MAX } from '@shared/contract';
import { BODY_LIMITS } from './body';

const t = withTeamServer({ maxUploadBytes: 64 * 1024 });
const SIXTEEN_MB = String(16 * 1024 * 1024);
const uploads = () => join(t.backend.server.dataDir, 'uploads');

describe('bodies and uploads', () => {
  it('refuses an unauthenticated caller before reading its body (headers sent, body never)', async () => {
    // Were the body awaited, these requests would never be answered: none of them sends a byte of it.
    const api = await raw(`${t.server.url}api/datasets.list`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': SIXTEEN_MB }, body: null });
    expect(api.status).toBe(401);
    const upload = await raw(`${t.server.url}api/upload?name=x.tsv`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': SIXTEEN_MB }, body: null });
    expect(upload.status).toBe(401);
    const download = await raw(`${t.server.url}download/export`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': SIXTEEN_MB }, body: null });
    expect(download.status).toBe(401);
    // A signed-in caller without the role is refused before its body, too.
    const annUpload = await raw(`${t.server.url}api/upload?name=x.tsv`, { method: 'POST', headers: { cookie: t.cookie('ann'), 'content-type': 'application/octet-stream', 'content-length': SIXTEEN_MB }, body: null });
    expect(annUpload.status).toBe(403);
    const annAssign = await raw(`${t.server.url}api/assignments.assign`, { method: 'POST', headers: { cookie: t.cookie('ann'), 'content-type': 'application/json', 'content-length': SIXTEEN_MB }, body: null });
    expect(annAssign.status).toBe(403);
  });

  it('answers 413 to a body over its route\'s limit, declared or streamed', async () => {
    const lea = t.cookie('lea');
    const declared = await raw(`${t.server.url}api/datasets.list`, { method: 'POST', headers: { cookie: lea, 'content-type': 'application/json', 'content-length': SIXTEEN_MB }, body: null });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error).toEqual({ code: 'too_large', message: 'the request body is larger than 2 MB, the most this server accepts' });
    const streamed = await raw(`${t.server.url}api/datasets.list`, {
      method: 'POST', headers: { cookie: lea, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: Buffer.alloc(BODY_LIMITS.api + 1, 32),
    });
    expect(streamed.status).toBe(413);
    const login = await t.post('auth/login', { name: 'lea', password: 'x'.repeat(BODY_LIMITS.login) });
    expect(login.status).toBe(413);
  });

  it('takes uploads only as application/octet-stream, of importable types, within the size limit', async () => {
    const lea = t.cookie('lea');
    const send = (name: string, type: string, body: Buffer, chunked = false) => raw(`${t.server.url}api/upload?name=${name}`, {
      method: 'POST', headers: { cookie: lea, 'content-type': type, ...(chunked ? { 'transfer-encoding': 'chunked' } : {}) }, body,
    });
    // text/plain is what a cross-site form could send without asking.
    expect((await send('x.tsv', 'text/plain', Buffer.from('index\n'))).status).toBe(400);
    const exe = await send('x.html', 'application/octet-stream', Buffer.from('<script>'));
    expect(exe.status).toBe(400);
    expect(JSON.parse(exe.text).error.message).toContain('.tsv');
    const big = await send('big.tsv', 'application/octet-stream', Buffer.alloc(64 * 1024 + 1, 65));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).error.message).toBe('the upload is larger than 64 KB, the most this server accepts');
    // Streamed without a declared length: stopped at the limit, and nothing of it is left on disk.
    const streamed = await send('big.tsv', 'application/octet-stream', Buffer.alloc(256 * 1024, 65), true);
    expect(streamed.status).toBe(413);
    expect(existsSync(uploads()) ? readdirSync(uploads()) : []).toEqual([]);
    const ok = await send('fine.tsv', 'application/octet-stream', Buffer.from('index\tquestion\n'));
    expect(ok.status).toBe(200);
    expect(readdirSync(uploads())).toHaveLength(1);
  });

  it('refuses guidelines over their length as too_large, naming the limit, and keeps the current version', async () => {
    const lea = t.cookie('lea');
    const saved = await t.post('api/guidelines.save', { datasetId: t.datasetId, body: '# Rules', baseVersion: null }, lea);
    expect(saved.status).toBe(200);
    const hostile = '>'.repeat(GUIDELINES_MAX + 1);
    const r = await t.post('api/guidelines.save', { datasetId: t.datasetId, body: hostile, baseVersion: 1 }, lea);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'too_large', message: expect.stringContaining('100,000 characters') } });
    const atLimit = await t.post('api/guidelines.save', { datasetId: t.datasetId, body: hostile.slice(1), baseVersion: 1 }, lea);
    expect(atLimit.status).toBe(200);
    const shown = JSON.parse((await t.post('api/guidelines.get', { datasetId: t.datasetId }, t.cookie('ann'))).text) as { value: { shown: { version: number } } };
    expect(shown.value.shown.version).toBe(2);
  });
});
