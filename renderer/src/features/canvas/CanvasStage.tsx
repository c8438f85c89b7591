import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Ellipse, Group, Image as KImage, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { layoutBand, shapeNode } from '@shared/vrp/konva-scene';
import { defaultStrokeWidth, type Scene, type Shape } from '@shared/vrp/scene';
import { useCanvasDoc } from '../../stores/canvas-doc';
import { useCanvasUi, type View } from '../../stores/canvas-ui';
import { isTyping } from '../../app/focus-context';
import { K } from './browser-konva';
import { newShapeId, updateShapes } from './scene-edits';

const MIN_SCALE = 0.02;
const MAX_SCALE = 32;
/** Shapes smaller than this (image pixels) are taken for a click, not a drag. */
const MIN_DRAW = 3;

interface Draft { x0: number; y0: number; x1: number; y1: number }

function clampScale(s: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
}

/** The document drawn by Konva: the image, the band preview, the shapes with a transformer, and a shape being drawn. */
export function CanvasStage(props: { scene: Scene; image: HTMLImageElement; stroke: string }) {
  const { scene, image } = props;
  const { tool, selected, select, setTool, view, setView, fitRequest } = useCanvasUi();
  const change = useCanvasDoc((s) => s.change);
  const box = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const contentRef = useRef<Konva.Group>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [draft, setDraft] = useState<Draft | null>(null);
  const pan = useRef<{ px: number; py: number; view: View } | null>(null);
  const gesture = useRef(0);
  const [spaceHeld, setSpaceHeld] = useState(false);

  const band = useMemo(() => {
    const layout = layoutBand(K, scene.text.content || ' ', scene.text.font, scene.text.colour, scene.image.width);
    const attrs = layout.text.getAttrs() as Konva.TextConfig;
    layout.text.destroy();
    return { height: layout.height, attrs };
  }, [scene.text, scene.image.width]);
  const imageTop = scene.text.position === 'upper' ? band.height : 0;
  const totalHeight = scene.image.height + band.height;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    setSize({ width: el.clientWidth, height: el.clientHeight });
    return () => ro.disconnect();
  }, []);

  // Fit the whole variant (image and band) into the box on request and when another item opens.
  const measured = size.width > 0 && size.height > 0;
  useEffect(() => {
    if (!measured) return;
    const scale = clampScale(Math.min(size.width / scene.image.width, size.height / totalHeight) * 0.94);
    setView({ scale, x: (size.width - scene.image.width * scale) / 2, y: (size.height - totalHeight * scale) / 2 });
    // Size and band height are read, not watched: a resized window or a typed letter must not throw away a zoom.
  }, [fitRequest, scene.image.hash, measured]);

  useEffect(() => {
    const tr = trRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const nodes = selected.map((id) => stage.findOne(`#${CSS.escape(id)}`)).filter((n): n is Konva.Node => Boolean(n));
    tr.nodes(nodes);
    tr.getLayer()?.batchDraw();
  }, [selected, scene.shapes]);

  useEffect(() => {
    const down = (e: KeyboardEvent) => { if (e.code === 'Space' && !isTyping(e.target)) setSpaceHeld(true); };
    const up = (e: KeyboardEvent) => { if (e.code === 'Space') setSpaceHeld(false); };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => { window.removeEventListener('keydown', down); window.removeEventListener('keyup', up); };
  }, []);

  const pointerInImage = () => contentRef.current?.getRelativePointerPosition() ?? null;

  const onWheel = (e: KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const stage = stageRef.current;
    const p = stage?.getPointerPosition();
    if (!p) return;
    const factor = Math.exp(-e.evt.deltaY * (e.evt.ctrlKey ? 0.01 : 0.0015));
    const scale = clampScale(view.scale * factor);
    // Zoom to the cursor: the image point under it stays under it.
    const ix = (p.x - view.x) / view.scale;
    const iy = (p.y - view.y) / view.scale;
    setView({ scale, x: p.x - ix * scale, y: p.y - iy * scale });
  };

  const onMouseDown = (e: KonvaEventObject<MouseEvent>) => {
    const stage = stageRef.current!;
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
    const stage = stageRef.current!;
    if (pan.current) {
      const p = stage.getPointerPosition()!;
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
    const x = Math.min(draft.x0, draft.x1);
    const y = Math.min(draft.y0, draft.y1);
    const width = Math.abs(draft.x1 - draft.x0);
    const height = Math.abs(draft.y1 - draft.y0);
    if (width < MIN_DRAW || height < MIN_DRAW) return;
    const shape: Shape = {
      id: newShapeId(scene), kind: tool === 'ellipse' ? 'ellipse' : 'box', x: round(x), y: round(y), width: round(width), height: round(height),
      rotation: 0, stroke: props.stroke, strokeWidth: defaultStrokeWidth(scene.image),
    };
    change({ ...scene, shapes: [...scene.shapes, shape] });
    select([shape.id]);
    setTool('select');
  };

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
    const next = { ...current, width: round(width), height: round(height), rotation: round(node.rotation()), x: round(node.x() - width / 2), y: round(node.y() - imageTop - height / 2) };
    // One transform of several shapes ends once per shape: the same gesture key makes them one undo step.
    change(updateShapes(scene, [id], () => next), `transform:${gesture.current}`);
  };

  const cursor = spaceHeld || pan.current ? 'grab' : tool === 'select' ? 'default' : 'crosshair';
  const onlyEllipses = selected.length > 0 && selected.every((id) => scene.shapes.find((s) => s.id === id)?.kind === 'ellipse');
  const drawing = draft && {
    x: Math.min(draft.x0, draft.x1), y: Math.min(draft.y0, draft.y1), w: Math.abs(draft.x1 - draft.x0), h: Math.abs(draft.y1 - draft.y0),
  };

  return (
    <div className="canvas-stage" ref={box} style={{ cursor }} data-testid="canvas.stage" data-scale={view.scale.toFixed(4)}
      data-offset={`${view.x.toFixed(1)},${view.y.toFixed(1)}`} data-image-top={imageTop}>
      {measured && <Stage ref={stageRef} width={size.width} height={size.height} scaleX={view.scale} scaleY={view.scale} x={view.x} y={view.y}
        onWheel={onWheel} onMouseDown={onMouseDown} onMouseMove={onMouseMove} onMouseUp={onMouseUp} onMouseLeave={onMouseUp}>
        <Layer listening={false}>
          <Rect x={0} y={0} width={scene.image.width} height={totalHeight} fill="#FFFFFF" shadowColor="rgba(0,0,0,0.35)" shadowBlur={12 / view.scale} />
          <KImage image={image} x={0} y={imageTop} width={scene.image.width} height={scene.image.height} />
          <Text {...band.attrs} y={(band.attrs.y ?? 0) + (scene.text.position === 'upper' ? 0 : scene.image.height)} />
        </Layer>
        <Layer>
          <Group ref={contentRef} y={imageTop}>
            {drawing && (tool === 'ellipse'
              ? <Ellipse x={drawing.x + drawing.w / 2} y={drawing.y + drawing.h / 2} radiusX={drawing.w / 2} radiusY={drawing.h / 2} stroke={props.stroke} strokeWidth={defaultStrokeWidth(scene.image)} dash={[8 / view.scale, 6 / view.scale]} listening={false} />
              : <Rect x={drawing.x} y={drawing.y} width={drawing.w} height={drawing.h} stroke={props.stroke} strokeWidth={defaultStrokeWidth(scene.image)} dash={[8 / view.scale, 6 / view.scale]} listening={false} />)}
          </Group>
          {scene.shapes.map((shape) => (
            <ShapeNode key={shape.id} shape={shape} dy={imageTop} draggable={tool === 'select' && !spaceHeld} selectable={tool === 'select'}
              onSelect={(additive) => select(additive ? toggle(selected, shape.id) : selected.includes(shape.id) ? selected : [shape.id])}
              onDragEnd={onDragEnd} onTransformStart={() => { gesture.current += 1; }} onTransformEnd={onTransformEnd} />
          ))}
          <Transformer ref={trRef} rotateEnabled={onlyEllipses} keepRatio={false} ignoreStroke flipEnabled={false}
            anchorSize={9} borderStroke="#2f6fdb" anchorStroke="#2f6fdb" rotateAnchorOffset={24}
            boundBoxFunc={(old, next) => (Math.abs(next.width) < 4 || Math.abs(next.height) < 4 ? old : next)} />
        </Layer>
      </Stage>}
    </div>
  );
}

function ShapeNode(props: {
  shape: Shape; dy: number; draggable: boolean; selectable: boolean; onSelect(additive: boolean): void; onDragEnd(id: string): void;
  onTransformStart(): void; onTransformEnd(e: KonvaEventObject<Event>): void;
}) {
  const spec = shapeNode(props.shape, { dy: props.dy });
  const common = {
    id: props.shape.id, name: 'shape', draggable: props.draggable, perfectDrawEnabled: false,
    // A transparent fill only for hit-testing: a click inside an outline selects it; nothing is painted.
    fill: 'rgba(0,0,0,0)', hitStrokeWidth: Math.max(12, props.shape.strokeWidth),
    // With a drawing tool the press goes on to the stage, so a new shape can start inside an existing one.
    onMouseDown: (e: KonvaEventObject<MouseEvent>) => {
      if (!props.selectable) return;
      e.cancelBubble = true;
      props.onSelect(e.evt.shiftKey);
    },
    onDragEnd: () => props.onDragEnd(props.shape.id), onTransformStart: props.onTransformStart, onTransformEnd: props.onTransformEnd,
  };
  return spec.className === 'Ellipse' ? <Ellipse {...spec.attrs} {...common} /> : <Rect {...spec.attrs} {...common} />;
}

function toggle(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
