import { Modal } from '../components/Modal';
import { globalShortcuts, screenShortcuts } from './shortcuts';

export function ShortcutsDialog(props: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={props.onClose} testId="shortcuts.dialog">
      <table className="shortcut-table">
        <tbody>
          {globalShortcuts.map((s) => (
            <tr key={s.keys}><td><kbd className="kbd">{s.keys}</kbd></td><td>{s.what}</td></tr>
          ))}
          {screenShortcuts.map((s) => (
            <tr key={`${s.screen}-${s.keys}`}><td><kbd className="kbd">{s.keys}</kbd></td><td><span className="muted">{s.screen}:</span> {s.what}</td></tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">Shortcuts never fire while you type in a text field.</p>
    </Modal>
  );
}
