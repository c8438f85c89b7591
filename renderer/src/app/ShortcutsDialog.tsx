import { Modal } from '../components/Modal';
import { useDialogs } from '../stores/dialogs';
import { screenLabels, useNavigation, type Screen } from '../stores/navigation';
import type { ShortcutDef, ShortcutScope } from '../input/shortcut-registry';
import { elementKeys, shortcutDefs } from '../input/shortcuts';
import { boundShortcuts, runShortcut } from '../input/useShortcuts';

const title = (scope: ShortcutScope) => (scope === 'global' ? 'Everywhere' : screenLabels[scope]);

/** The scopes in the order the sheet lists them: everywhere, this screen, then the others. */
function scopeOrder(current: Screen): ShortcutScope[] {
  const seen = new Set<ShortcutScope>(['global', current]);
  for (const d of shortcutDefs) seen.add(d.scope);
  return [...seen];
}

function Row(props: { def: ShortcutDef; runnable: boolean; onRun(): void }) {
  const { def } = props;
  return (
    <tr>
      <td><kbd className="kbd">{def.keys}</kbd></td>
      <td>
        {props.runnable
          ? <button type="button" className="link-button" onClick={props.onRun} data-testid={`shortcut.${def.id}`}>{def.what}</button>
          : def.what}
      </td>
    </tr>
  );
}

/**
 * The cheat-sheet, made from the same table the dispatcher runs: every shortcut is listed, and those that act here
 * and now can be run from it with a click (so each is reachable without remembering its key).
 */
export function ShortcutsDialog(props: { onClose: () => void }) {
  const screen = useNavigation((s) => s.screen);
  const bound = boundShortcuts();
  const close = useDialogs((s) => s.show);
  const run = (id: string) => {
    close(null);
    // After the dialog is gone, so what the shortcut opens is not closed with it.
    requestAnimationFrame(() => runShortcut(id));
  };
  return (
    <Modal title="Keyboard shortcuts" onClose={props.onClose} testId="shortcuts.dialog" wide>
      {scopeOrder(screen).map((scope) => (
        <section key={scope} className="shortcut-group">
          <h3 className="section-title">{title(scope)}{scope === screen ? ' (this screen)' : ''}</h3>
          <table className="shortcut-table">
            <tbody>
              {shortcutDefs.filter((d) => d.scope === scope).map((d) => (
                <Row key={d.id} def={d} runnable={!d.needsKey && bound.has(d.id) && d.id !== 'shortcuts'} onRun={() => run(d.id)} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <section className="shortcut-group">
        <h3 className="section-title">In a focused element</h3>
        <table className="shortcut-table">
          <tbody>
            {elementKeys.map((k) => <tr key={k.scope + k.keys}><td><kbd className="kbd">{k.keys}</kbd></td><td><span className="muted">{k.scope}:</span> {k.what}</td></tr>)}
          </tbody>
        </table>
      </section>
      <p className="muted small">Single keys never act while focus is in a form, on one of its buttons or fields, or in a dialog; Ctrl and Alt shortcuts of a form work inside it.</p>
    </Modal>
  );
}
