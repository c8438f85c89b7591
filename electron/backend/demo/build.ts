import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { closeDb, openDb } from '../db/open';
import { describeImage } from '../formats/image-bytes';
import { ImportSink } from '../formats/sink';
import { drawDemoImage } from './draw';
import { registerFonts } from '../vrp/fonts';
import { demoTriplet } from './questions';
import { demoFileSchema, type DemoItem } from './spec';

const SOURCES: Record<DemoItem['kind'], { source: string; category: string }> = {
  bar: { source: 'Demo charts', category: 'bar chart' },
  line: { source: 'Demo charts', category: 'line chart' },
  triangle: { source: 'Demo geometry', category: 'right triangle' },
  scene: { source: 'Demo scenes', category: 'counting' },
};

/**
 * Builds the demo project from `resources/demo/demo-items.json`: the images are drawn here, so the demo needs no
 * downloaded data and every screen has real triplets to show. Written to a temporary file and renamed, so an
 * interrupted first run never leaves a half-built demo behind.
 */
export async function buildDemoProject(path: string, resourcesDir: string, now: () => Date): Promise<void> {
  registerFonts(resourcesDir);
  const spec = demoFileSchema.parse(JSON.parse(readFileSync(join(resourcesDir, 'demo', 'demo-items.json'), 'utf8')));
  const temp = `${path}.building`;
  mkdirSync(dirname(path), { recursive: true });
  rmSync(temp, { force: true });
  const db = openDb(temp);
  try {
    const sink = new ImportSink(db, 'Demo triplets', 'demo', now().toISOString());
    for (const item of spec.items) {
      const hash = sink.putImage(describeImage(drawDemoImage(item)));
      const { source, category } = SOURCES[item.kind];
      const itemId = sink.addItem({ extId: item.id, source, category, split: 'demo', imageHashes: [hash] });
      demoTriplet(item).forEach((q, i) => sink.addQuestion(itemId, { ...q, extIndex: `${item.id}-${i}` }));
    }
    sink.commit({ id: 'demo-build', title: 'Build demo project', startedAt: now().toISOString(), input: {}, result: () => ({ items: sink.items }) }, null);
  } finally {
    closeDb(db);
  }
  renameSync(temp, path);
}
