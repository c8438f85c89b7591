import { useRef, useState, type RefObject } from 'react';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import type { Scene } from '@shared/vrp/scene';
import { useCanvasDoc } from '../../stores/canvas-doc';
import { useCanvasUi, type View } from '../../stores/canvas-ui';
import { newShapeId, updateShapes } from './scene-edits';
import { round, shapeFromDraft, zoomAt, type Draft } from './stage-geometry';

interface StageRefs {
  stageRef: RefObject<Konva.Stage | null>;
  contentRef: RefObject<Konva.Group | null>;
}

/** Pan, zoom and draw: the stage's pointer handlers and the draft shape they grow. */
export function usePointerGestures(refs: StageRefs, scene: Scene, stroke: string, spaceHeld: boolean) {
  const { tool, select, setTool, view, setView } = useCanvasUi();
  const change = useCanvasDoc((s) => s.change);
  const [draft, setDraft] = useState<Draft | null>(null);
  const pan = useRef<{ px: number; py: number; view: View } | null>(null);
  const pointerInImage = () => refs.contentRef.current?.getRelativePointerPosition() ?? null;

  const onWheel = (e: KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const p = refs.stageRef.current?.getPointerPosition();
    if (!p) return;
    setView(zoomAt(view, p, Math.exp(-e.evt.deltaY * (e.evt.ctrlKey ? 0.01 : 0.0015))));
  };

  const onMouseDown = (e: KonvaEventObject<MouseEvent>) => {
    const stage = refs.stageRef.current!;
    const onEmpty = e.target === stage;
    if (spaceHeld || e.evt.button === 1 || (tool === 'select' && onEmpty)) {
      const p = stage.getPointerPosition()!;
      pan.current = { px: p.x, py: p.y, view };
      if (tool === 'select' && onEmpty && !e.evt.shiftKey) select([]);
      return;
    }
    if (tool === 'box' || tool === 'ellipse') {
      const p = pointerInImage();
      if (p) setDraft({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
    }
  };

  const onMouseMove = () => {
    if (pan.current) {
      const p = refs.stageRef.current!.getPointerPosition()!;
      const start = pan.current;
      setView({ ...start.view, x: start.view.x + p.x - start.px, y: start.view.y + p.y - start.py });
      return;
    }
    if (draft) {
      const p = pointerInImage();
      if (p) setDraft({ ...draft, x1: p.x, y1: p.y });
    }
  };

  const onMouseUp = () => {
    pan.current = null;
    if (!draft) return;
    setDraft(null);
    const shape = shapeFromDraft(draft, tool, scene, stroke, newShapeId(scene));
    if (!shape) return;
    change({ ...scene, shapes: [...scene.shapes, shape] });
    select([shape.id]);
    setTool('select');
  };

  return { draft, panning: pan.current !== null, handlers: { onWheel, onMouseDown, onMouseMove, onMouseUp, onMouseLeave: onMouseUp } };
}

/** Moving and transforming shapes: each gesture commits the shapes' new geometry to the document. */
export function useShapeEdits(stageRef: RefObject<Konva.Stage | null>, scene: Scene, imageTop: number) {
  const change = useCanvasDoc((s) => s.change);
  const gesture = useRef(0);

  // After a drag, every selected node may have moved (the transformer drags them together): commit them in one step.
  const onDragEnd = (id: string) => {
    const stage = stageRef.current!;
    const moved = new Set([id, ...useCanvasUi.getState().selected]);
    change(updateShapes(scene, [...moved], (s) => {
      const node = stage.findOne(`#${CSS.escape(s.id)}`);
      return node ? { ...s, x: round(node.x() - s.width / 2), y: round(node.y() - imageTop - s.height / 2) } : s;
    }));
  };

  const onTransformEnd = (e: KonvaEventObject<Event>) => {
    const node = e.target;
    const id = node.id();
    const current = scene.shapes.find((s) => s.id === id);
    if (!current) return;
    const width = Math.max(1, current.width * Math.abs(node.scaleX()));
    const height = Math.max(1, current.height * Math.abs(node.scaleY()));
    node.scaleX(1);
    node.scaleY(1);
    const next = { ...current, width: round(width), height: round(height), rotation: round(node.rotation()), x: round(node.x() - width / 2),
      y: round(node.y() - imageTop - height / 2) };
    // One transform of several shapes ends once per shape: the same gesture key makes them one undo step.
    change(updateShapes(scene, [id], () => next), `transform:${gesture.current}`);
  };

  return { onDragEnd, onTransformEnd, onTransformStart: () => { gesture.current += 1; } };
}
