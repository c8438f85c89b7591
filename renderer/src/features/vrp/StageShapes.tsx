import { Ellipse, Image as KImage, Layer, Rect, Text } from 'react-konva';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { shapeNode } from '@shared/vrp/konva-scene';
import { defaultStrokeWidth, type Scene, type Shape } from '@shared/vrp/scene';
import { draftRect, type Draft } from './stage-geometry';

/** The page under the shapes: white sheet, the item's image and the reference-text band; never hit by the pointer. */
export function StageBackdrop(props: {
  scene: Scene; image: HTMLImageElement; band: { attrs: Konva.TextConfig }; imageTop: number; totalHeight: number; scale: number;
}) {
  const { scene, band, imageTop } = props;
  return (
    <Layer listening={false}>
      <Rect x={0} y={0} width={scene.image.width} height={props.totalHeight} fill="#FFFFFF" shadowColor="rgba(0,0,0,0.35)" shadowBlur={12 / props.scale} />
      <KImage image={props.image} x={0} y={imageTop} width={scene.image.width} height={scene.image.height} />
      <Text {...band.attrs} y={(band.attrs.y ?? 0) + (scene.text.position === 'upper' ? 0 : scene.image.height)} />
    </Layer>
  );
}

/** The dashed outline of the box or ellipse being drawn. */
export function DraftOutline(props: { draft: Draft; ellipse: boolean; scene: Scene; stroke: string; scale: number }) {
  const drawing = draftRect(props.draft);
  const line = { stroke: props.stroke, strokeWidth: defaultStrokeWidth(props.scene.image), dash: [8 / props.scale, 6 / props.scale], listening: false };
  return props.ellipse
    ? <Ellipse x={drawing.x + drawing.w / 2} y={drawing.y + drawing.h / 2} radiusX={drawing.w / 2} radiusY={drawing.h / 2} {...line} />
    : <Rect x={drawing.x} y={drawing.y} width={drawing.w} height={drawing.h} {...line} />;
}

/** One drawn shape, drawn with the same node spec as batch rendering, and selectable and draggable. */
export function ShapeNode(props: {
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
