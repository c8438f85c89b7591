import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '..';
import { tempDir } from '../../../test/fixtures';

let dir: string;
let cleanup: () => void;
let backend: Backend;
beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  backend = await createBackend({ dataDir: join(dir, 'data'), demo: true });
});
afterEach(async () => {
  await backend.close();
  cleanup();
});

describe('demo project', () => {
  it('is built on first use with drawn images and complete triplets whose answers are option labels', async () => {
    const [dataset] = await backend.call('datasets.list');
    expect(dataset).toMatchObject({ name: 'Demo triplets', itemCount: 36, byRole: { origin: 36, perception: 36, knowledge: 36 } });
    expect(Object.keys(dataset!.bySource).sort()).toEqual(['Demo charts', 'Demo geometry', 'Demo scenes']);
    const page = await backend.call('questions.list', { limit: 1000 });
    const images = new Set(page.rows.map((r) => r.firstImage));
    expect(images.size).toBe(36);
    for (const row of page.rows.filter((_, i) => i % 3 === 0)) {
      const item = await backend.call('items.get', { id: row.itemId });
      expect(item.images[0]).toMatchObject({ mime: 'image/png', width: 640, height: 420 });
      for (const q of item.questions) {
        expect(q.options.length).toBeGreaterThanOrEqual(2);
        expect(new Set(q.options.map((o) => o.text)).size).toBe(q.options.length);
        expect(q.options.map((o) => o.label)).toContain(q.answer[0]);
      }
    }
    const thumb = await backend.image([...images][0]!, true);
    expect(thumb.mime).toBe('image/webp');
    expect(thumb.bytes.length).toBeLessThan(20_000);
  });
});
