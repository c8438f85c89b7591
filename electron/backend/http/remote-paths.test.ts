import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { raw, withTeamServer } from '../../../test/http-fixtures';
import { png, setTeamMode } from '../../../test/fixtures';

const t = withTeamServer();
const body = (r: { text: string }) => JSON.parse(r.text) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };

async function upload(cookie: string, name: string, content: string): Promise<string> {
  const r = await raw(`${t.server.url}api/upload?name=${name}`, { method: 'POST', headers: { cookie, 'content-type': 'application/octet-stream' }, body: content });
  expect(r.status).toBe(200);
  return (body(r).value as { path: string }).path;
}

describe('a remote caller never names a server path', () => {
  it('imports only files uploaded through /api/upload: never /etc/passwd, another data file, or a link out of the uploads', async () => {
    const lea = t.cookie('lea');
    const secret = join(t.dir, 'secret.tsv');
    writeFileSync(secret, 'index\tquestion\nTOP-SECRET-LINE\n');
    const linkDir = join(t.backend.server.dataDir, 'uploads', 'planted');
    mkdirSync(linkDir, { recursive: true });
    symlinkSync(secret, join(linkDir, 'link.tsv'));
    for (const file of ['/etc/passwd', secret, join(t.backend.server.dataDir, 'endpoints.json'), join(linkDir, 'link.tsv'), join(t.backend.server.dataDir, 'uploads', '..', '..', 'secret.tsv')]) {
      for (const method of ['imports.run', 'imports.start']) {
        const r = await t.post(`api/${method}`, { files: [file] }, lea);
        expect(r.status).toBe(403);
        expect(r.text).not.toMatch(/root|TOP-SECRET/);
      }
    }
    const model = await t.post('api/runs.importPredictions', { datasetId: t.datasetId, path: '/etc/passwd', format: 'table', model: 'm' }, lea);
    expect(model.status).toBe(403);
    expect(model.text).not.toContain('root');
    // An uploaded file cannot reach the disk through an image path either.
    const picture = join(t.dir, 'private.png');
    writeFileSync(picture, png(4, 4));
    const sneaky = await upload(lea, 'sneaky.jsonl', `${JSON.stringify({ question: 'Q?', options: ['a', 'b'], answer: 'A', image: picture })}\n`);
    const viaImage = await t.post('api/imports.run', { files: [sneaky], format: 'jsonl' }, lea);
    expect(JSON.parse(viaImage.text).error.message).toContain('an uploaded file cannot name image files on the server');
    // What the lead uploaded is theirs to import.
    const path = await upload(lea, 'mine.jsonl', '{"question":"What is it?","options":["a","b"],"answer":"A"}\n');
    const imported = await t.post('api/imports.run', { files: [path], dataset: 'mine', format: 'jsonl' }, lea);
    expect(body(imported)).toMatchObject({ ok: true, value: { dataset: 'mine', questions: 1 } });
  });

  it('writes no file on the server: exports and variant exports are downloads, a variant folder is refused', async () => {
    const lea = t.cookie('lea');
    const out = join(t.dir, 'written-by-remote.tsv');
    const exported = await t.post('api/exports.run', { dataset: t.datasetId, format: 'vlmevalkit', out, reviewHistory: join(t.dir, 'h.json') }, lea);
    expect(exported.status).toBe(403);
    expect((await t.post('api/variants.export', { dataset: t.datasetId, out: join(t.dir, 'variants') }, lea)).status).toBe(403);
    for (const method of ['variants.start', 'variants.run']) {
      const r = await t.post(`api/${method}`, { dataset: t.datasetId, out: join(t.dir, 'variants') }, lea);
      expect(r.status).toBe(403);
    }
    expect(existsSync(out) || existsSync(join(t.dir, 'h.json')) || existsSync(join(t.dir, 'variants'))).toBe(false);
  });

  it('leaves endpoint settings and tests to the owner, so no environment variable leaves the process', async () => {
    const lea = t.cookie('lea');
    const hostile = { endpoint: { name: 'leak', baseUrl: 'http://127.0.0.1:9/v1', model: 'x', apiKeyEnv: 'HOME' } };
    const saved = await t.post('api/endpoints.save', hostile, lea);
    expect(saved.status).toBe(403);
    expect(body(saved).error!.message).toBe('endpoints.save is the machine owner\'s: run it on the server\'s command line or desktop');
    // Set up by the owner on the server's command line, a lead on the web may use it but neither change nor test it.
    await t.backend.call('endpoints.save', { endpoint: { name: 'owner-model', baseUrl: 'http://127.0.0.1:9/v1', model: 'x', apiKeyEnv: 'HOME' } });
    expect((await t.post('api/endpoints.save', { ...hostile, endpoint: { ...hostile.endpoint, name: 'owner-model', baseUrl: 'http://evil.example/v1' }, previousName: 'owner-model' }, lea)).status).toBe(403);
    expect((await t.post('api/endpoints.test', { name: 'owner-model' }, lea)).status).toBe(403);
    expect((await t.post('api/endpoints.delete', { name: 'owner-model' }, lea)).status).toBe(403);
    const listed = await t.post('api/endpoints.list', {}, lea);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(process.env.HOME!);
  });

  it('shows the project\'s path on the server only to its owner', async () => {
    const info = body(await t.post('api/app.info', {}));
    expect((info.value as { project: { path: string } }).project.path).toBe('team.anchor');
    // The same server without logins is the owner's own (loopback): the full path, for "open the folder".
    setTeamMode(t.backend, false);
    const owner = body(await t.post('api/app.info', {}));
    expect((owner.value as { project: { path: string } }).project.path).toBe(join(t.dir, 'team.anchor'));
  });
});
