import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { useCanvasUi } from '../../stores/canvas-ui';

/** Zoom out / readout / in and fit, in the status bar where image viewers keep them. */
export function ZoomControls(props: { onZoom(factor: number): void }) {
  const scale = useCanvasUi((s) => s.view.scale);
  const fit = useCanvasUi((s) => s.fit);
  return (
    <span className="zoom-controls">
      <button className="icon-button icon-button--small" onClick={() => props.onZoom(1 / 1.25)} title="Zoom out (−)" aria-label="Zoom out"><ZoomOut size={14} /></button>
      <span className="zoom-readout" data-testid="canvas.zoom">{Math.round(scale * 100)}%</span>
      <button className="icon-button icon-button--small" onClick={() => props.onZoom(1.25)} title="Zoom in (+)" aria-label="Zoom in"><ZoomIn size={14} /></button>
      <button className="icon-button icon-button--small" onClick={fit} title="Fit (F)" aria-label="Fit to window" data-testid="canvas.fit"><Maximize size={14} /></button>
    </span>
  );
}
