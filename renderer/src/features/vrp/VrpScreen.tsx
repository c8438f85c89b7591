import { useEffect, useState } from 'react';
import { useCapabilities } from '../../api/capabilities';
import { Shapes } from 'lucide-react';
import { PAPER_SELECTION, type VariantSelection } from '@shared/vrp/relations';
import { DEFAULT_STROKE, type Scene } from '@shared/vrp/scene';
import { EmptyState } from '../../components/EmptyState';
import { useCanvasUi } from '../../stores/canvas-ui';
import { useDialogs } from '../../stores/dialogs';
import { CanvasStage } from './CanvasStage';
import { ItemList } from './ItemList';
import { PreviewGrid } from './PreviewGrid';
import { TextPanel } from './TextPanel';
import { Toolbar } from './Toolbar';
import { useCanvasCommands, useCanvasShortcuts } from './useCanvasCommands';
import { useCanvasItem } from './useCanvasItem';
import { resolveConflict } from './useSceneAutosave';
import { VariantPanel } from './VariantPanel';
import { ZoomControls } from './ZoomControls';

/** The VRP screen (labelled Canvas): draw VRPTest's boxes, ellipses and reference text on an item's image, preview and generate its variants. */
export function VrpScreen() {
  const ui = useCanvasUi();
  const canvas = useCanvasItem();
  const { datasets, drawable, datasetId, items, item, record, doc, autosave, open, image, imageError, scene } = canvas;
  const [stroke, setStroke] = useState(DEFAULT_STROKE);
  const [selection, setSelection] = useState<VariantSelection>(PAPER_SELECTION);
  const commands = useCanvasCommands(canvas);
  useCanvasShortcuts(scene, canvas, commands);
  useSelectionOfScene(scene);

  if (datasets.isSuccess && drawable.length === 0) return <NothingToDraw />;

  return (
    <div className="canvas-screen" data-testid="canvas.screen">
      <h1 className="visually-hidden">Visual referring prompts</h1>
      <ItemList datasets={drawable} datasetId={datasetId} onDataset={(id) => { void autosave.flush().then(() => ui.setDataset(id)); }}
        items={items.data} selected={ui.itemId} onSelect={(id) => void open(id)} />
      <section className="canvas-main">
        {scene && item ? (
          <>
            <Toolbar scene={scene} stroke={stroke} onStroke={setStroke} onDelete={commands.removeSelected} onDuplicate={commands.duplicateSelected}
              onExport={() => void commands.exportPng()} />
            {doc.save === 'conflict' && <ConflictBar message={doc.error} />}
            {doc.save === 'error' && <p className="error-box">{doc.error}</p>}
            {image ? <CanvasStage scene={scene} image={image} stroke={stroke} />
            : <div className="canvas-stage canvas-stage--loading">{imageError ?? 'Loading the image…'}</div>}
            <CanvasStatus extId={item.extId} scene={scene} selected={ui.selected.length} onZoom={commands.zoom} />
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

/** Undo, redo or a save from elsewhere can remove a selected shape: the selection keeps only shapes the scene holds. */
function useSelectionOfScene(scene: Scene | null) {
  const shapes = scene?.shapes;
  useEffect(() => {
    const { selected, select } = useCanvasUi.getState();
    const kept = selected.filter((id) => shapes?.some((s) => s.id === id));
    if (kept.length !== selected.length) select(kept);
  }, [shapes]);
}

/** No dataset with images yet: say what the canvas is for and offer the import. */
function NothingToDraw() {
  const caps = useCapabilities();
  const show = useDialogs((s) => s.show);
  return (
    <EmptyState icon={Shapes} title="Nothing to draw on yet" testId="canvas.empty"
      actions={caps.can('importFiles') && <button className="button button--primary" onClick={() => show('import')}>Import a dataset</button>}>
      Import questions with images; then draw boxes, ellipses and a reference text on each image here, and generate
      VRPTest’s no / partial / full intervention variants from them.
    </EmptyState>
  );
}

/** Someone else saved this scene meanwhile: keep this edit on top of theirs, or take theirs. */
function ConflictBar(props: { message: string | null }) {
  return (
    <div className="conflict-bar" role="alert" data-testid="canvas.conflict">
      <span>{props.message}</span>
      <button className="button" onClick={() => void resolveConflict('mine')}>Keep mine on top</button>
      <button className="button" onClick={() => void resolveConflict('theirs')}>Take theirs</button>
    </div>
  );
}

/** The footer: which item, how many shapes, what is selected or how to draw, and the zoom buttons. */
function CanvasStatus(props: { extId: string; scene: Scene; selected: number; onZoom(factor: number): void }) {
  const count = props.scene.shapes.length;
  return (
    <footer className="canvas-status">
      <span>#{props.extId}</span>
      <span data-testid="canvas.status.shapes">{count} shape{count === 1 ? '' : 's'}</span>
      <span className="canvas-hint">{props.selected ? `${props.selected} selected` : 'B or E, then drag to draw · Space+drag pans · wheel zooms'}</span>
      <span className="spacer" />
      <ZoomControls onZoom={props.onZoom} />
    </footer>
  );
}
