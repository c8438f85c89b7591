import { useMemo } from 'react';
import { relationLabels, variantMatrix, variantName, type VariantSelection, type VariantSpec } from '@shared/vrp/relations';
import type { Scene } from '@shared/vrp/scene';
import { Modal } from '../../components/Modal';
import { drawVariant } from './browser-konva';

const THUMB = 260;

function caption(spec: VariantSpec): string {
  if (spec.level === 'none') return 'original image';
  const parts: string[] = [relationLabels.colour[spec.colour], relationLabels.shape[spec.shape]];
  if (spec.level === 'full') parts.push(relationLabels.font[spec.font], relationLabels.position[spec.position]);
  return parts.join(' · ');
}

/** Every variant of the open item, drawn by the same scene builder as generation, before anything is stored. */
export function PreviewGrid(props: { scene: Scene; image: HTMLImageElement; extId: string; selection: VariantSelection; onClose(): void }) {
  const { scene, image, selection } = props;
  const tiles = useMemo(() => variantMatrix(selection).map((spec) => {
    const canvas = drawVariant(image, scene, spec, Math.min(1, THUMB / scene.image.width));
    return { spec, name: variantName(props.extId, spec), url: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
  }), [scene, image, selection, props.extId]);
  return (
    <Modal title={`Variants of item ${props.extId} — ${tiles.length}`} onClose={props.onClose} wide testId="variants.previewGrid">
      {/* A scrolling region reachable by Tab, so the arrow keys and Page Down scroll it without a mouse. */}
      <div className="variant-grid" tabIndex={0} role="region" aria-label="Variant previews" data-testid="variants.grid">
        {tiles.map((t) => (
          <figure key={t.name} className={`variant-tile variant-tile--${t.spec.level}`} data-testid="variants.tile">
            <img src={t.url} width={t.width} height={t.height} alt={`${t.spec.level} intervention: ${caption(t.spec)}`} />
            <figcaption>
              <span className={`level-pill level-pill--${t.spec.level}`}>{t.spec.level}</span> {caption(t.spec)}
              <code className="variant-name" title="file name">{t.name}</code>
            </figcaption>
          </figure>
        ))}
      </div>
    </Modal>
  );
}
