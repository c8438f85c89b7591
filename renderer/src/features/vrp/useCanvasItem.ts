import { useCallback, useEffect, useState } from 'react';
import { emptyScene } from '@shared/vrp/scene';
import { useCall } from '../../api/queries';
import { useCanvasDoc } from '../../stores/canvas-doc';
import { useCanvasUi } from '../../stores/canvas-ui';
import { ensureFonts, loadSceneImage } from './browser-konva';
import { useSceneAutosave } from './useSceneAutosave';

/** The datasets one can draw on, the open dataset's items, and the open item with its scene document and image. */
export function useCanvasItem() {
  const datasets = useCall('datasets.list');
  const ui = useCanvasUi();
  const drawable = (datasets.data ?? []).filter((d) => d.format !== 'vrp');
  const datasetId = ui.datasetId ?? drawable[0]?.id ?? null;
  const items = useCall('scenes.items', { datasetId: datasetId ?? -1 }, { enabled: datasetId !== null });
  const item = items.data?.find((i) => i.id === ui.itemId) ?? null;
  const record = useCall('scenes.get', { itemId: item?.id ?? -1 }, { enabled: item !== null });
  const doc = useCanvasDoc();
  const autosave = useSceneAutosave();

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

  const { image, imageError } = useItemImage(item);
  const scene = doc.itemId === item?.id ? doc.scene : null;
  return { datasets, drawable, datasetId, items, item, record, doc, autosave, open, image, imageError, scene };
}

/** The item's image, loaded with the fonts the band needs; an error message when it cannot be read. */
function useItemImage(item: { image: { hash: string } } | null) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
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
  return { image, imageError };
}
