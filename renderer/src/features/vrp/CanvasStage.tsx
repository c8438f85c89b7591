import { useMemo, useRef } from 'react';
import { Group, Layer, Stage, Transformer } from 'react-konva';
import type Konva from 'konva';
import { layoutBand } from '@shared/vrp/konva-scene';
import type { Scene } from '@shared/vrp/scene';
import { useCanvasUi } from '../../stores/canvas-ui';
import { K } from './browser-konva';
import { toggle } from './stage-geometry';
import { DraftOutline, ShapeNode, StageBackdrop } from './StageShapes';
import { useBoxSize, useFitOnRequest, useSpaceHeld, useTransformerOnSelection } from './useStageBox';
import { usePointerGestures, useShapeEdits } from './useStageGestures';

/** The reference-text band laid out as batch rendering lays it out: its height and the text node's attributes. */
function useBand(scene: Scene) {
  return useMemo(() => {
    const layout = layoutBand(K, scene.text.content || ' ', scene.text.font, scene.text.colour, scene.image.width);
    const attrs = layout.text.getAttrs() as Konva.TextConfig;
    layout.text.destroy();
    return { height: layout.height, attrs };
  }, [scene.text, scene.image.width]);
}

/** The document drawn by Konva: the image, the band preview, the shapes with a transformer, and a shape being drawn. */
export function CanvasStage(props: { scene: Scene; image: HTMLImageElement; stroke: string }) {
  const { scene, image } = props;
  const { tool, selected, select, view } = useCanvasUi();
  const box = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const contentRef = useRef<Konva.Group>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const band = useBand(scene);
  const imageTop = scene.text.position === 'upper' ? band.height : 0;
  const totalHeight = scene.image.height + band.height;
  const size = useBoxSize(box);
  const measured = useFitOnRequest(size, scene, totalHeight);
  useTransformerOnSelection(trRef, stageRef, selected, scene);
  const spaceHeld = useSpaceHeld();
  const { draft, panning, handlers } = usePointerGestures({ stageRef, contentRef }, scene, props.stroke, spaceHeld);
  const edits = useShapeEdits(stageRef, scene, imageTop);

  const cursor = spaceHeld || panning ? 'grab' : tool === 'select' ? 'default' : 'crosshair';
  const onlyEllipses = selected.length > 0 && selected.every((id) => scene.shapes.find((s) => s.id === id)?.kind === 'ellipse');

  return (
    <div className="canvas-stage" ref={box} style={{ cursor }} data-testid="canvas.stage" data-scale={view.scale.toFixed(4)}
      data-offset={`${view.x.toFixed(1)},${view.y.toFixed(1)}`} data-image-top={imageTop}>
      {measured && <Stage ref={stageRef} width={size.width} height={size.height} scaleX={view.scale} scaleY={view.scale} x={view.x} y={view.y}
        {...handlers}>
        <StageBackdrop scene={scene} image={image} band={band} imageTop={imageTop} totalHeight={totalHeight} scale={view.scale} />
        <Layer>
          <Group ref={contentRef} y={imageTop}>
            {draft && <DraftOutline draft={draft} ellipse={tool === 'ellipse'} scene={scene} stroke={props.stroke} scale={view.scale} />}
          </Group>
          {scene.shapes.map((shape) => (
            <ShapeNode key={shape.id} shape={shape} dy={imageTop} draggable={tool === 'select' && !spaceHeld} selectable={tool === 'select'}
              onSelect={(additive) => select(additive ? toggle(selected, shape.id) : selected.includes(shape.id) ? selected : [shape.id])}
              {...edits} />
          ))}
          <Transformer ref={trRef} rotateEnabled={onlyEllipses} keepRatio={false} ignoreStroke flipEnabled={false}
            anchorSize={9} borderStroke="#2f6fdb" anchorStroke="#2f6fdb" rotateAnchorOffset={24}
            boundBoxFunc={(old, next) => (Math.abs(next.width) < 4 || Math.abs(next.height) < 4 ? old : next)} />
        </Layer>
      </Stage>}
    </div>
  );
}
