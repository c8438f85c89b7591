import type { Shape } from '@shared/vrp/scene';
import { ellipseOf } from './geometry';
import type { SceneExport } from './scenes';

/**
 * The names the export and its label config share. Label Studio keys a result by its control's `from_name`, and one
 * control draws one kind of shape, so boxes and ellipses need a control each (one name for both is refused).
 */
export const LABEL_STUDIO_NAMES = { image: 'image', box: 'box', ellipse: 'ellipse' } as const;

/** Where Label Studio's local-files storage serves a file from, relative to LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT. */
export const LOCAL_FILES_PREFIX = '/data/local-files/?d=';

/** The label config the export is made for: an image, rectangle and ellipse controls, and the question as a header. */
export function labelStudioConfig(): string {
  const { image, box, ellipse } = LABEL_STUDIO_NAMES;
  return [
    '<View>',
    '  <Header value="$question"/>',
    `  <Image name="${image}" value="$image" zoom="true"/>`,
    `  <RectangleLabels name="${box}" toName="${image}">`,
    `    <Label value="${box}" background="#00AA00"/>`,
    '  </RectangleLabels>',
    `  <EllipseLabels name="${ellipse}" toName="${image}">`,
    `    <Label value="${ellipse}" background="#0000FF"/>`,
    '  </EllipseLabels>',
    '</View>',
    '',
  ].join('\n');
}

/** One shape as a Label Studio result: percent of the image; a rectangle by its top-left, an ellipse by its centre. */
function result(shape: Shape, W: number, H: number) {
  const { image, box, ellipse } = LABEL_STUDIO_NAMES;
  const common = {
    id: shape.id, to_name: image, original_width: W, original_height: H, image_rotation: 0, meta: { stroke: shape.stroke, strokeWidth: shape.strokeWidth },
  };
  if (shape.kind === 'box') {
    const value = { x: (100 * shape.x) / W, y: (100 * shape.y) / H, width: (100 * shape.width) / W, height: (100 * shape.height) / H, rotation: 0 };
    return { ...common, from_name: box, type: 'rectanglelabels', value: { ...value, rectanglelabels: [box] } };
  }
  const e = ellipseOf(shape);
  return { ...common, from_name: ellipse, type: 'ellipselabels',
    value: { x: (100 * e.cx) / W, y: (100 * e.cy) / H, radiusX: (100 * e.rx) / W, radiusY: (100 * e.ry) / H, rotation: e.rotation, ellipselabels: [ellipse] } };
}

/** A path as a URL query value: each segment percent-encoded, the slashes kept (as Label Studio writes `?d=`). */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * Label Studio's task import: one task per picture with its regions as a finished annotation. `images` gives each
 * scene's picture file relative to where the export's images are served from; `prefix` is put before it.
 */
export function labelStudioDocument(scenes: readonly SceneExport[], images: readonly string[], prefix: string): unknown {
  return scenes.map((s, i) => {
    const { width: W, height: H } = s.scene.image;
    return {
      id: i + 1,
      data: { image: `${prefix}${encodePath(images[i]!)}`, question: s.scene.text.content, anchor_item: s.extId, anchor_hash: s.scene.image.hash },
      annotations: [{ result: s.scene.shapes.map((shape) => result(shape, W, H)) }],
    };
  });
}
