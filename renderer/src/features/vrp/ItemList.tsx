import { useEffect, useRef } from 'react';
import type { CanvasItem, DatasetSummary } from '@shared/contract';

/** The dataset's items with an image: which have shapes, which still need a scene; the open one highlighted. */
export function ItemList(props: {
  datasets: DatasetSummary[]; datasetId: number | null; onDataset(id: number): void;
  items: CanvasItem[] | undefined; selected: number | null; onSelect(id: number): void;
}) {
  const active = useRef<HTMLButtonElement>(null);
  // Braces matter: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    active.current?.scrollIntoView({ block: 'nearest' });
  }, [props.selected]);
  const drawn = props.items?.filter((i) => i.shapes > 0).length ?? 0;
  return (
    <aside className="queue canvas-items" aria-label="Items">
      <div className="queue__head">
        <select className="input" value={props.datasetId ?? ''} onChange={(e) => props.onDataset(Number(e.target.value))} aria-label="Dataset" data-testid="canvas.dataset">
          {props.datasets.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
        </select>
        {props.items && <span className="muted small">{drawn} of {props.items.length} drawn</span>}
      </div>
      <div className="queue__list">
        {props.items?.length === 0 && <p className="queue__empty">No item in this dataset has an image to draw on.</p>}
        {props.items?.map((item) => (
          <button key={item.id} ref={item.id === props.selected ? active : undefined}
            className={`queue__row${item.id === props.selected ? ' queue__row--active' : ''}`} onClick={() => props.onSelect(item.id)}
            data-testid={`canvas.item.${item.extId}`}>
            <span className="queue__meta">
              <span className="qrow__id">#{item.extId}</span>
              {item.shapes > 0
                ? <span className="shape-count" data-testid="canvas.item.shapes">{item.shapes} shape{item.shapes === 1 ? '' : 's'}</span>
                : <span className="shape-count shape-count--none">no scene</span>}
              <span className="muted small">{item.image.width}×{item.image.height}</span>
            </span>
            <span className="queue__text">{item.question}</span>
          </button>
        ))}
      </div>
    </aside>
  );
}
