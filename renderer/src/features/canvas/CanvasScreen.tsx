import { useCallback, useEffect, useState } from 'react';
import { useCapabilities } from '../../api/capabilities';
import { Shapes } from 'lucide-react';
import { PAPER_SELECTION, type VariantSelection } from '@shared/vrp/relations';
import { asDrawnSpec } from '@shared/vrp/konva-scene';
import { DEFAULT_STROKE, emptyScene } from '@shared/vrp/scene';
import { useCall } from '../../api/queries';
import { useShortcuts } from '../../app/useShortcuts';
import { EmptyState } from '../../components/EmptyState';
import { useCanvasDoc } from '../../stores/canvas-doc';
import { useCanvasUi } from '../../stores/canvas-ui';
import { useDialogs } from '../../stores/dialogs';
import { ensureFonts, loadSceneImage, variantPng } from './browser-konva';
import { CanvasStage } from './CanvasStage';
import { ItemList } from './ItemList';
import { PreviewGrid } from './PreviewGrid';
import { deleteShapes, duplicateShapes, updateShapes } from './scene-edits';
import { TextPanel } from './TextPanel';
import { Toolbar } from './Toolbar';
import { resolveConflict, useSceneAutosave } from './useSceneAutosave';
import { VariantPanel } from './VariantPanel';
import { ZoomControls } from './ZoomControls';

/** Canvas: draw VRPTest's boxes, ellipses and reference text on an item's image, preview and generate its variants. */
export function CanvasScreen() {
  const datasets = useCall('datasets.list');
  const ui = useCanvasUi();
  const show = useDialogs((s) => s.show);
  const drawable = (datasets.data ?? []).filter((d) => d.format !== 'vrp');
  const datasetId = ui.datasetId ?? drawable[0]?.id ?? null;
  const items = useCall('scenes.items', { datasetId: datasetId ?? -1 }, { enabled: datasetId !== null });
  const item = items.data?.find((i) => i.id === ui.itemId) ?? null;
  const record = useCall('scenes.get', { itemId: item?.id ?? -1 }, { enabled: item !== null });
  const doc = useCanvasDoc();
  const autosave = useSceneAutosave();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [stroke, setStroke] = useState(DEFAULT_STROKE);
  const [selection, setSelection] = useState<VariantSelection>(PAPER_SELECTION);

  const { openItem } = ui;
  const open = useCallback(async (id: number | null) => {
    await autosave.flush();
    openItem(id);
  }, [autosave, openItem]);

  useEffect(() => {
    if (ui.itemId === null && items.data?.length) openItem(items.data[0]!.id);
  }, [items.data, ui.itemId, openItem]);

  // Load the document once per item; later refetches must not replace what is being edited.
  useEffect(() => {
    if (!item || !record.data || record.data.itemId !== item.id || doc.itemId === item.id) return;
    doc.load(item.id, record.data.scene ?? emptyScene(item.image, item.question), record.data.version);
  }, [item, record.data, doc]);

  useEffect(() => {
    if (!item) return;
    let live = true;
    setImage(null);
    setImageError(null);
    Promise.all([ensureFonts(), loadSceneImage(item.image.hash)])
      .then(([, img]) => { if (live) setImage(img); })
      .catch((e: Error) => { if (live) setImageError(e.message); });
    return () => { live = false; };
  }, [item]);

  const scene = doc.itemId === item?.id ? doc.scene : null;

  const exportPng = useCallback(async () => {
    if (!scene || !image || !item) return;
    const blob = await variantPng(image, scene, asDrawnSpec(scene));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${item.extId}__scene.png`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }, [scene, image, item]);

  const zoom = useCallback((factor: number) => {
    const { view, setView } = useCanvasUi.getState();
    const el = document.querySelector('[data-testid="canvas.stage"]');
    const cx = (el?.clientWidth ?? 0) / 2;
    const cy = (el?.clientHeight ?? 0) / 2;
    const scale = Math.min(32, Math.max(0.02, view.scale * factor));
    setView({ scale, x: cx - ((cx - view.x) / view.scale) * scale, y: cy - ((cy - view.y) / view.scale) * scale });
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
    const i = list.findIndex((x) => x.id === ui.itemId);
    const next = list[i + direction];
    if (next) void open(next.id);
  }, [items.data, ui.itemId, open]);

  const caps = useCapabilities();
  // Every canvas key needs an open scene; without one the key is left alone.
  const withScene = (run: (sc: NonNullable<typeof scene>, ui: ReturnType<typeof useCanvasUi.getState>) => void) => () => {
    if (!scene) return false;
    run(scene, useCanvasUi.getState());
  };
  useShortcuts({
    'canvas.save': withScene(() => void autosave.flush()),
    'canvas.undo': withScene(() => doc.undo()),
    'canvas.redo': withScene(() => doc.redo()),
    'canvas.duplicate': withScene(() => duplicateSelected()),
    'canvas.selectAll': withScene((sc, ui) => ui.select(sc.shapes.map((x) => x.id))),
    'canvas.delete': withScene(() => removeSelected()),
    'canvas.select': withScene((_, ui) => ui.setTool('select')),
    'canvas.box': withScene((_, ui) => ui.setTool('box')),
    'canvas.ellipse': withScene((_, ui) => ui.setTool('ellipse')),
    'canvas.fit': withScene((_, ui) => ui.fit()),
    'canvas.preview': withScene((_, ui) => ui.setPreviewOpen(true)),
    'canvas.zoomIn': withScene(() => zoom(1.25)),
    'canvas.zoomOut': withScene(() => zoom(1 / 1.25)),
    'canvas.next': withScene(() => step(1)),
    'canvas.previous': withScene(() => step(-1)),
    'canvas.none': withScene((_, ui) => ui.select([])),
    'canvas.nudge': (e) => {
      const { selected } = useCanvasUi.getState();
      if (!scene || !e || selected.length === 0) return false;
      const d = e.shiftKey ? 10 : 1;
      const dx = e.key === 'ArrowLeft' ? -d : e.key === 'ArrowRight' ? d : 0;
      const dy = e.key === 'ArrowUp' ? -d : e.key === 'ArrowDown' ? d : 0;
      doc.change(updateShapes(scene, selected, (x) => ({ ...x, x: x.x + dx, y: x.y + dy })), 'nudge');
    },
  });

  if (datasets.isSuccess && drawable.length === 0) {
    return (
      <EmptyState icon={Shapes} title="Nothing to draw on yet" testId="canvas.empty"
        actions={caps.can('importFiles') && <button className="button button--primary" onClick={() => show('import')}>Import a dataset</button>}>
        Import questions with images; then draw boxes, ellipses and a reference text on each image here, and generate
        VRPTest’s no / partial / full intervention variants from them.
      </EmptyState>
    );
  }

  return (
    <div className="canvas-screen" data-testid="canvas.screen">
      <ItemList datasets={drawable} datasetId={datasetId} onDataset={(id) => { void autosave.flush().then(() => ui.setDataset(id)); }}
        items={items.data} selected={ui.itemId} onSelect={(id) => void open(id)} />
      <section className="canvas-main">
        {scene && item ? (
          <>
            <Toolbar scene={scene} stroke={stroke} onStroke={setStroke} onDelete={removeSelected} onDuplicate={duplicateSelected}
              onExport={() => void exportPng()} />
            {doc.save === 'conflict' && (
              <div className="conflict-bar" role="alert" data-testid="canvas.conflict">
                <span>{doc.error}</span>
                <button className="button" onClick={() => void resolveConflict('mine')}>Keep mine on top</button>
                <button className="button" onClick={() => void resolveConflict('theirs')}>Take theirs</button>
              </div>
            )}
            {doc.save === 'error' && <p className="error-box">{doc.error}</p>}
            {image ? <CanvasStage scene={scene} image={image} stroke={stroke} />
              : <div className="canvas-stage canvas-stage--loading">{imageError ?? 'Loading the image…'}</div>}
            <footer className="canvas-status">
              <span>#{item.extId}</span>
              <span data-testid="canvas.status.shapes">{scene.shapes.length} shape{scene.shapes.length === 1 ? '' : 's'}</span>
              <span className="canvas-hint">{ui.selected.length ? `${ui.selected.length} selected` : 'B or E, then drag to draw · Space+drag pans · wheel zooms'}</span>
              <span className="spacer" />
              <ZoomControls onZoom={zoom} />
            </footer>
          </>
        ) : (
          <div className="canvas-stage canvas-stage--loading" data-testid="canvas.loading">
            {record.isError ? <span className="field-error">{record.error.message}</span> : 'Choose an item on the left.'}
          </div>
        )}
      </section>
      <aside className="canvas-side">
        {scene && item && <TextPanel scene={scene} question={item.question} />}
        {datasetId !== null && (
          <VariantPanel datasetId={datasetId} selection={selection} onSelection={setSelection}
            onPreview={() => ui.setPreviewOpen(true)}
            beforeGenerate={autosave.flush} />
        )}
      </aside>
      {ui.previewOpen && scene && image && item && (
        <PreviewGrid scene={scene} image={image} extId={item.extId} selection={selection} onClose={() => ui.setPreviewOpen(false)} />
      )}
    </div>
  );
}
