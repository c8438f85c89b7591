import { describe, expect, it } from 'vitest';
import { withTeamServer } from '../../../test/http-fixtures';
import { runSettled } from '../cli/wait';
import { KeyTrap } from '../../../test/key-trap';
import { FakeOpenAI } from '../../../test/openai-server';
import { ownerKeySuite, senderRun, storeUrls } from '../../../test/received-run';

const t = withTeamServer();
const KEY = 'sk-owner-issue-29-http';
const KEY_ENV = 'ANCHOR_TEST_OWNER_KEY_HTTP';
const servers = ownerKeySuite(KEY_ENV, KEY);

describe('security: a team lead resuming a received run (issue 29)', () => {
  it('is refused over HTTP while the run recorded other URLs, may not accept the change, and sends nothing anywhere', async () => {
    const trap = new KeyTrap();
    const owner = new FakeOpenAI();
    servers.push(trap, owner);
    const [senderUrl, ownerUrl] = [await trap.start(), await owner.start()];
    const id = senderRun(t.backend, t.dir, [{ name: 'gpt', baseUrl: senderUrl, model: 'fake-vl' }], { datasetId: t.datasetId, model: 'gpt' });
    storeUrls(t.backend, id, 'endpoint', senderUrl);
    await t.backend.call('endpoints.save', { endpoint: { name: 'gpt', baseUrl: ownerUrl, model: 'fake-vl', apiKeyEnv: KEY_ENV } });
    const lea = t.cookie('lea');

    for (const method of ['runs.resume', 'runs.retryErrors']) {
      const refused = await t.post(`api/${method}`, { id }, lea);
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.text).error).toMatchObject({ code: 'endpoint_changed', message: expect.stringContaining('endpoint "gpt": its URLs differ') });
      const accepted = await t.post(`api/${method}`, { id, acceptEndpointChange: true }, lea);
      expect(accepted.status).toBe(403);
      expect(JSON.parse(accepted.text).error.code).toBe('forbidden');
    }
    await runSettled(t.backend, id);
    expect(trap.requests).toEqual([]);
    expect(owner.requests).toEqual([]);
  });
});
