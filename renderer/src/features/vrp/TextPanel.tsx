import { sceneFonts, type Scene } from '@shared/vrp/scene';
import { useCanvasDoc } from '../../stores/canvas-doc';

/** The reference text: what full intervention writes in the band, its font, colour and band position. */
export function TextPanel(props: { scene: Scene; question: string }) {
  const change = useCanvasDoc((s) => s.change);
  const { scene } = props;
  const set = (patch: Partial<Scene['text']>, coalesce?: string) => change({ ...scene, text: { ...scene.text, ...patch } }, coalesce);
  const empty = scene.text.content.trim() === '';
  return (
    <section className="side-card" aria-label="Reference text">
      <h2>Reference text</h2>
      <textarea className="input canvas-text" rows={4} value={scene.text.content} data-testid="canvas.text"
        onChange={(e) => set({ content: e.target.value }, 'text')} placeholder="The question as it will be written on the image" />
      {empty && <p className="field-error small" data-testid="canvas.textEmpty">Full intervention writes this text on the image; it cannot be empty.</p>}
      {scene.text.content !== props.question && (
        <button className="link-button small" onClick={() => set({ content: props.question })}>Reset to the question</button>
      )}
      <div className="field-row">
        <span className="field-label">Font</span>
        <div className="segmented segmented--small" role="radiogroup" aria-label="Font">
          {sceneFonts.map((f) => (
            <button key={f} role="radio" aria-checked={scene.text.font === f} data-testid={`canvas.font.${f === 'Arial' ? 'arial' : 'times'}`}
              className={`segmented__item${scene.text.font === f ? ' segmented__item--on' : ''}`} style={{ fontFamily: `"${f}"` }}
              onClick={() => set({ font: f })}>{f}</button>
          ))}
        </div>
      </div>
      <div className="field-row">
        <span className="field-label">Band</span>
        <div className="segmented segmented--small" role="radiogroup" aria-label="Text position">
          {(['upper', 'lower'] as const).map((p) => (
            <button key={p} role="radio" aria-checked={scene.text.position === p} data-testid={`canvas.position.${p}`}
              className={`segmented__item${scene.text.position === p ? ' segmented__item--on' : ''}`} onClick={() => set({ position: p })}>
              {p === 'upper' ? 'Above' : 'Below'}
            </button>
          ))}
        </div>
        <label className="colour-field" title="Text colour as drawn (the colour relation may override it)">
          <input type="color" value={scene.text.colour.toLowerCase()} onChange={(e) => set({ colour: e.target.value.toUpperCase() }, 'text-colour')}
            data-testid="canvas.textColour" aria-label="Text colour" />
        </label>
      </div>
    </section>
  );
}
