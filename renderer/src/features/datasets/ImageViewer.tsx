import { useState } from 'react';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import type { ImageRef } from '@shared/contract';
import { mediaUrl } from '../../api/call';

/** An item's images with zoom (wheel, buttons, double-click) and pan (drag); a strip picks between several. */
export function ImageViewer(props: { images: ImageRef[] }) {
  const [index, setIndex] = useState(0);
  const image = props.images[Math.min(index, props.images.length - 1)];
  if (!image) return <div className="image-viewer image-viewer--empty">This item has no image.</div>;
  return (
    <div className="image-viewer" data-testid="item.images">
      <TransformWrapper key={image.hash} minScale={0.5} maxScale={12} centerOnInit limitToBounds={false} doubleClick={{ mode: 'zoomIn' }}>
        {({ zoomIn, zoomOut, resetTransform }) => (
          <>
            <div className="image-viewer__tools">
              <button className="icon-button" onClick={() => zoomIn()} aria-label="Zoom in"><ZoomIn size={15} /></button>
              <button className="icon-button" onClick={() => zoomOut()} aria-label="Zoom out"><ZoomOut size={15} /></button>
              <button className="icon-button" onClick={() => resetTransform()} aria-label="Fit"><Maximize size={15} /></button>
              <span className="image-viewer__size">{image.width}×{image.height} · {(image.size / 1024).toFixed(0)} KB</span>
            </div>
            <TransformComponent wrapperClass="image-viewer__stage" contentClass="image-viewer__content">
              <img src={mediaUrl(image.hash)} alt="item" draggable={false} data-testid="item.image" />
            </TransformComponent>
          </>
        )}
      </TransformWrapper>
      {props.images.length > 1 && (
        <div className="image-viewer__strip">
          {props.images.map((im, i) => (
            <button key={`${im.hash}-${i}`} className={`thumb${i === index ? ' thumb--active' : ''}`} onClick={() => setIndex(i)} aria-label={`Image ${i + 1}`}>
              <img src={mediaUrl(im.hash, true)} alt="" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
