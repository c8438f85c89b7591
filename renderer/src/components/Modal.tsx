import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

/** A modal dialog: Escape or the backdrop closes it, focus moves inside on open. */
export function Modal(props: { title: string; onClose: () => void; children: ReactNode; footer?: ReactNode; testId?: string; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Focus the first field, or the dialog itself, so Escape and Tab work at once.
    (ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal__close)') ?? ref.current)?.focus();
    return () => previous?.focus();
  }, []);
  // Escape closes the dialog wherever focus is, even after a click on the backdrop's edge left it on the page body.
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || ref.current?.contains(e.target as Node)) return;
      // Only the topmost dialog answers.
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if (dialogs[dialogs.length - 1] === ref.current) { e.preventDefault(); onClose.current(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div
        className={`modal${props.wide ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        data-testid={props.testId}
        ref={ref}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onClose();
          }
        }}
      >
        <header className="modal__header">
          <h2>{props.title}</h2>
          <button className="icon-button modal__close" onClick={props.onClose} aria-label="Close"><X size={16} /></button>
        </header>
        <div className="modal__body">{props.children}</div>
        {props.footer && <footer className="modal__footer">{props.footer}</footer>}
      </div>
    </div>
  );
}
