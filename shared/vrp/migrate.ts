import { SCENE_SCHEMA, sceneSchema, type Scene } from './scene';

/** Why a stored scene cannot be read; the caller turns it into its own error type. */
export class SceneLoadError extends Error {}

/**
 * Steps from one schema version to the next, keyed by the version they read. Version 1 is the first; when the stored
 * shape changes, add the step from the old version here and never edit a released one (like SQL migrations).
 */
const steps: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {};

/**
 * Reads a stored scene: refuses one written by a newer Anchor Studio (it could hold fields this one would drop on the
 * next save), upgrades older ones step by step, then validates, naming the first field at fault.
 */
export function loadScene(raw: unknown): Scene {
  let doc: unknown = raw;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      throw new SceneLoadError('the scene is not valid JSON');
    }
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new SceneLoadError('a scene is a JSON object');
  const version = (doc as { schema?: unknown }).schema;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SceneLoadError('the scene has no schema version');
  }
  if (version > SCENE_SCHEMA) {
    throw new SceneLoadError(
      `the scene was saved by a newer Anchor Studio (scene schema ${version}; this version reads up to ${SCENE_SCHEMA}); update Anchor Studio to open it`,
    );
  }
  let current = doc as Record<string, unknown>;
  for (let v = version; v < SCENE_SCHEMA; v++) {
    const step = steps[v];
    if (!step) throw new SceneLoadError(`no migration from scene schema ${v}`);
    current = { ...step(current), schema: v + 1 };
  }
  const parsed = sceneSchema.safeParse(current);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SceneLoadError(`the scene is invalid at ${issue.path.join('.') || 'its root'}: ${issue.message}`);
  }
  return parsed.data;
}
