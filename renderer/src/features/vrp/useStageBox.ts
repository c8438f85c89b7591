import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type Konva from 'konva';
import type { Scene } from '@shared/vrp/scene';
import { useCanvasUi } from '../../stores/canvas-ui';
import { isTyping } from '../../input/focus-context';
import { fitView } from './stage-geometry';

/** The stage's box size, followed as the window resizes. */
export function useBoxSize(box: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    setSize({ width: el.clientWidth, height: el.clientHeight });
    return () => ro.disconnect();
  }, []);
  return size;
}

/** Fits the whole variant (image and band) into the box on request and when another item opens. */
export function useFitOnRequest(size: { width: number; height: number }, scene: Scene, totalHeight: number) {
  const { setView, fitRequest } = useCanvasUi();
  const measured = size.width > 0 && size.height > 0;
  useEffect(() => {
    if (!measured) return;
    setView(fitView(size, { width: scene.image.width, height: totalHeight }));
    // Size and band height are read, not watched: a resized window or a typed letter must not throw away a zoom.
  }, [fitRequest, scene.image.hash, measured]);
  return measured;
}

/** Keeps the transformer on the selected shapes' nodes. */
export function useTransformerOnSelection(
  trRef: RefObject<Konva.Transformer | null>, stageRef: RefObject<Konva.Stage | null>, selected: string[], scene: Scene,
) {
  useEffect(() => {
    const tr = trRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const nodes = selected.map((id) => stage.findOne(`#${CSS.escape(id)}`)).filter((n): n is Konva.Node => Boolean(n));
    tr.nodes(nodes);
    tr.getLayer()?.batchDraw();
  }, [selected, scene.shapes]);
}

/** Whether Space is held (it turns any drag into a pan), ignored while typing. */
export function useSpaceHeld(): boolean {
  const [spaceHeld, setSpaceHeld] = useState(false);
  useEffect(() => {
    const down = (e: KeyboardEvent) => { if (e.code === 'Space' && !isTyping(e.target)) setSpaceHeld(true); };
    const up = (e: KeyboardEvent) => { if (e.code === 'Space') setSpaceHeld(false); };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => { window.removeEventListener('keydown', down); window.removeEventListener('keyup', up); };
  }, []);
  return spaceHeld;
}
