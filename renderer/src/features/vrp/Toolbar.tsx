import { Circle, Copy, Download, MousePointer2, Redo2, Square, Trash2, Undo2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { Scene } from '@shared/vrp/scene';
import { useCanvasDoc, type SaveState } from '../../stores/canvas-doc';
import { useCanvasUi, type CanvasTool } from '../../stores/canvas-ui';
import { updateShapes } from './scene-edits';

const tools: { tool: CanvasTool; icon: LucideIcon; label: string; key: string }[] = [
  { tool: 'select', icon: MousePointer2, label: 'Select and move', key: 'V' },
  { tool: 'box', icon: Square, label: 'Draw a box', key: 'B' },
  { tool: 'ellipse', icon: Circle, label: 'Draw an ellipse', key: 'E' },
];

const saveText: Record<SaveState, string> = { saved: 'Saved', dirty: 'Unsaved', saving: 'Saving…', error: 'Not saved', conflict: 'Saved elsewhere', offline: 'Offline: kept here' };

/** Tools, history, selection actions, stroke and export; every button names its key. */
export function Toolbar(props: {
  scene: Scene; stroke: string; onStroke(colour: string): void; onDelete(): void; onDuplicate(): void; onExport(): void;
}) {
  const { tool, setTool, selected } = useCanvasUi();
  const { undo, redo, past, future, save, version, change } = useCanvasDoc();
  const chosen = props.scene.shapes.filter((s) => selected.includes(s.id));
  const stroke = chosen[0]?.stroke ?? props.stroke;
  const width = chosen[0]?.strokeWidth ?? null;
  const setStroke = (colour: string) => {
    props.onStroke(colour);
    if (chosen.length) change(updateShapes(props.scene, selected, (s) => ({ ...s, stroke: colour })), 'stroke');
  };
  return (
    <div className="canvas-toolbar" role="toolbar" aria-label="Canvas tools">
      <div className="segmented">
        {tools.map((t) => (
          <button key={t.tool} className={`segmented__item icon-seg${tool === t.tool ? ' segmented__item--on' : ''}`} onClick={() => setTool(t.tool)}
            title={`${t.label} (${t.key})`} aria-label={t.label} aria-pressed={tool === t.tool} data-testid={`canvas.tool.${t.tool}`}>
            <t.icon size={15} />
          </button>
        ))}
      </div>
      <span className="toolbar-sep" />
      <button className="icon-button" onClick={undo} disabled={past.length === 0} title="Undo (Ctrl+Z)" aria-label="Undo" data-testid="canvas.undo"><Undo2 size={16} /></button>
      <button className="icon-button" onClick={redo} disabled={future.length === 0} title="Redo (Ctrl+Shift+Z)" aria-label="Redo" data-testid="canvas.redo"><Redo2 size={16} /></button>
      <span className="toolbar-sep" />
      <button className="icon-button" onClick={props.onDuplicate} disabled={!chosen.length} title="Duplicate (Ctrl+D)" aria-label="Duplicate"><Copy size={16} /></button>
      <button className="icon-button" onClick={props.onDelete} disabled={!chosen.length} title="Delete (Del)" aria-label="Delete" data-testid="canvas.delete"><Trash2 size={16} /></button>
      <label className="colour-field" title={chosen.length ? 'Stroke of the selected shapes' : 'Stroke of new shapes'}>
        <input type="color" value={stroke.toLowerCase()} onChange={(e) => setStroke(e.target.value.toUpperCase())} aria-label="Stroke colour" data-testid="canvas.stroke" />
      </label>
      {width !== null && (
        <label className="stroke-width" title="Stroke width of the selected shapes, in image pixels">
          <input className="input input--tiny" type="number" min={1} max={200} value={width} aria-label="Stroke width"
            onChange={(e) => {
              const w = Number(e.target.value);
              if (w >= 1 && w <= 200) change(updateShapes(props.scene, selected, (s) => ({ ...s, strokeWidth: w })), 'stroke-width');
            }} /> px
        </label>
      )}
      <span className="spacer" />
      <span className={`savestate savestate--${save === 'conflict' ? 'error' : save}`} data-testid="canvas.saveState">
        {saveText[save]}{save === 'saved' && version ? ` · v${version}` : ''}
      </span>
      <span className="toolbar-sep" />
      <button className="button" onClick={props.onExport} title="Export the scene as drawn, at the image's size" data-testid="canvas.export">
        <Download size={14} /> PNG
      </button>
    </div>
  );
}
