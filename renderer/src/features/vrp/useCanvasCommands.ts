import { useCallback } from 'react';
import { asDrawnSpec } from '@shared/vrp/konva-scene';
import type { Scene } from '@shared/vrp/scene';
import { useShortcuts } from '../../input/useShortcuts';
import { useCanvasUi } from '../../stores/canvas-ui';
import { variantPng } from './browser-konva';
import { deleteShapes, duplicateShapes, updateShapes } from './scene-edits';
import { nudgeDelta, zoomAt } from './stage-geometry';
import type { useCanvasItem } from './useCanvasItem';

type CanvasItem = ReturnType<typeof useCanvasItem>;

/** What the toolbar, the zoom buttons and the keys do to the open scene. */
export function useCanvasCommands({ scene, image, item, doc, items, open }: CanvasItem) {
  const exportPng = useCallback(async () => {
    if (!scene || !image || !item) return;
    const blob = await variantPng(image, scene, asDrawnSpec(scene));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${item.extId}__scene.png`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }, [scene, image, item]);

  // Buttons and keys zoom around the middle of the stage (the wheel zooms around the cursor).
  const zoom = useCallback((factor: number) => {
    const { view, setView } = useCanvasUi.getState();
    const el = document.querySelector('[data-testid="canvas.stage"]');
    setView(zoomAt(view, { x: (el?.clientWidth ?? 0) / 2, y: (el?.clientHeight ?? 0) / 2 }, factor));
  }, []);

  const removeSelected = useCallback(() => {
    const { selected, select } = useCanvasUi.getState();
    if (!scene || !selected.length) return;
    doc.change(deleteShapes(scene, selected));
    select([]);
  }, [scene, doc]);

  const duplicateSelected = useCallback(() => {
    const { selected, select } = useCanvasUi.getState();
    if (!scene || !selected.length) return;
    const copy = duplicateShapes(scene, selected);
    doc.change(copy.scene);
    select(copy.ids);
  }, [scene, doc]);

  const step = useCallback((direction: 1 | -1) => {
    const list = items.data ?? [];
    const i = list.findIndex((x) => x.id === useCanvasUi.getState().itemId);
    const next = list[i + direction];
    if (next) void open(next.id);
  }, [items.data, open]);

  return { exportPng, zoom, removeSelected, duplicateSelected, step };
}

type Commands = ReturnType<typeof useCanvasCommands>;

/** Binds the canvas keys; every one needs an open scene, and without one the key is left alone. */
export function useCanvasShortcuts(scene: Scene | null, item: CanvasItem, commands: Commands) {
  const { doc, autosave } = item;
  const withScene = (run: (sc: Scene, ui: ReturnType<typeof useCanvasUi.getState>) => void) => () => {
    if (!scene) return false;
    run(scene, useCanvasUi.getState());
  };
  useShortcuts({
    'vrp.save': withScene(() => void autosave.flush()),
    'vrp.undo': withScene(() => doc.undo()),
    'vrp.redo': withScene(() => doc.redo()),
    'vrp.duplicate': withScene(() => commands.duplicateSelected()),
    'vrp.selectAll': withScene((sc, ui) => ui.select(sc.shapes.map((x) => x.id))),
    'vrp.delete': withScene(() => commands.removeSelected()),
    'vrp.select': withScene((_, ui) => ui.setTool('select')),
    'vrp.box': withScene((_, ui) => ui.setTool('box')),
    'vrp.ellipse': withScene((_, ui) => ui.setTool('ellipse')),
    'vrp.fit': withScene((_, ui) => ui.fit()),
    'vrp.preview': withScene((_, ui) => ui.setPreviewOpen(true)),
    'vrp.zoomIn': withScene(() => commands.zoom(1.25)),
    'vrp.zoomOut': withScene(() => commands.zoom(1 / 1.25)),
    'vrp.next': withScene(() => commands.step(1)),
    'vrp.previous': withScene(() => commands.step(-1)),
    'vrp.none': withScene((_, ui) => ui.select([])),
    'vrp.nudge': (e) => {
      const { selected } = useCanvasUi.getState();
      if (!scene || !e || selected.length === 0) return false;
      const { dx, dy } = nudgeDelta(e.key, e.shiftKey);
      doc.change(updateShapes(scene, selected, (x) => ({ ...x, x: x.x + dx, y: x.y + dy })), 'nudge');
    },
  });
}
