// A modal dialog: labelled by its title, focus moved inside on open and kept there (Tab cycles),
// Escape closes it when it may be closed, and focus returns where it was afterwards.

import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Escape and the close button call it; without it the dialog waits for one of its actions. */
  onClose?: () => void;
  closeLabel?: string;
  /** alertdialog for a warning that needs an answer (the inactivity warning). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]';

export function Dialog({ title, children, onClose, closeLabel, role = 'dialog', className }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current;
    first?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {onClose && closeLabel ? (
            <button type="button" className="dialog__close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">✕</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
