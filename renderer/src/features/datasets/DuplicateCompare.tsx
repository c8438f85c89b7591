import { useState } from 'react';
import type { DuplicateImageGroup } from '@shared/contract';
import { mediaUrl } from '../../api/call';
import { useBrowse } from '../../stores/browse';

type Use = DuplicateImageGroup['images'][number]['uses'][number];
interface Side { imageHash: string; use: Use; others: Use[] }
interface Comparison { left: Side; right: Side; distance: number }

/**
 * The pairs of a group worth putting side by side: each near pair (its two images, first item of each), and each image
 * shown in more than one dataset (the same picture, 0 bits apart).
 */
export function comparisons(group: DuplicateImageGroup): Comparison[] {
  const image = (key: string) => group.images.find((i) => i.imageHash === key)!;
  const side = (key: string, use: Use): Side => ({ imageHash: key, use, others: image(key).uses.filter((u) => u !== use) });
  const near = group.pairs.map((p) => ({ left: side(p.a, image(p.a).uses[0]!), right: side(p.b, image(p.b).uses[0]!), distance: p.distance }));
  const reused = group.images.flatMap((i) => {
    const first = i.uses[0]!;
    const elsewhere = i.uses.find((u) => u.datasetId !== first.datasetId);
    return elsewhere ? [{ left: side(i.imageHash, first), right: side(i.imageHash, elsewhere), distance: 0 }] : [];
  });
  return [...near, ...reused];
}

function Figure(props: { side: Side; label: string }) {
  const { use, others } = props.side;
  const open = () => {
    useBrowse.getState().setDataset(use.datasetId);
    useBrowse.getState().openItem(use.itemId);
  };
  return (
    <figure className="dup-compare__side" data-testid="quality.compare.side">
      <img src={mediaUrl(props.side.imageHash)} alt={`${props.label}: ${use.dataset} item ${use.extId}`} data-testid="quality.compare.image" />
      <figcaption>
        <strong data-testid="quality.compare.where">{use.dataset} · item {use.extId}</strong>
        {others.length > 0 && <span className="muted small">also shown by {others.map((o) => `${o.dataset}/${o.extId}`).join(', ')}</span>}
        <button className="link-button" onClick={open} data-testid="quality.compare.open">Open the item</button>
      </figcaption>
    </figure>
  );
}

/** Two near-duplicate images next to each other, with their datasets, items and Hamming distance. */
export function DuplicateCompare(props: { group: DuplicateImageGroup; threshold: number; onClose: () => void }) {
  const all = comparisons(props.group);
  const [index, setIndex] = useState(0);
  const shown = all[Math.min(index, all.length - 1)];
  if (!shown) return null;
  return (
    <section className="dup-compare" aria-label="Near duplicates side by side" data-testid="quality.compare">
      <header className="dup-compare__header">
        <span data-testid="quality.compare.distance">
          {shown.distance === 0 && shown.left.imageHash === shown.right.imageHash
            ? 'The same image (byte for byte)'
            : `Hamming distance ${shown.distance} of 64 bits (near duplicates: at most ${props.threshold})`}
        </span>
        {all.length > 1 && (
          <select value={index} onChange={(e) => setIndex(Number(e.target.value))} aria-label="Pair" data-testid="quality.compare.pair">
            {all.map((c, k) => <option key={k} value={k}>{c.left.use.dataset}/{c.left.use.extId} ~ {c.right.use.dataset}/{c.right.use.extId}</option>)}
          </select>
        )}
        <button className="button button--ghost" onClick={props.onClose}>Close</button>
      </header>
      <div className="dup-compare__pair">
        <Figure side={shown.left} label="left" />
        <Figure side={shown.right} label="right" />
      </div>
    </section>
  );
}
