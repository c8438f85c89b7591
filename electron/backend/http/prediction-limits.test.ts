import { describe, expect, it } from 'vitest';
import { raw, withTeamServer } from '../../../test/http-fixtures';

const t = withTeamServer();

describe('prediction uploads within limits (attack 9)', () => {
  it('answers 413 too_large for a prediction file with a cell over the limit, naming it and its line', async () => {
    const lea = t.cookie('lea');
    const body = Buffer.from(`index,question,prediction\n0,Which?,B\n1,Which?,${'B'.repeat(1_000_001)}\n`);
    const upload = await raw(`${t.server.url}api/upload?name=long.csv`, { method: 'POST', headers: { cookie: lea, 'content-type': 'application/octet-stream' }, body });
    expect(upload.status).toBe(200);
    const { path } = (JSON.parse(upload.text) as { value: { path: string } }).value;
    const r = await t.post('api/runs.importPredictions', { datasetId: t.datasetId, path, format: 'auto', model: 'long' }, lea);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error).toEqual({ code: 'too_large', message: 'long.csv: line 3: the "prediction" cell is longer than 1,000,000 characters, the most a cell may hold' });
  });
});
