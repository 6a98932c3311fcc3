/**
 * A disclosure menu (button + panel), as used by the navigation bar's account menus. Closes on Escape,
 * on a click outside, and after an item is chosen; the button reports aria-expanded. The panel's items
 * are rendered only while it is open.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuProps {
  /** the button's content */
  label: ReactNode;
  /** accessible name when the label is not plain text */
  ariaLabel?: string;
  align?: 'left' | 'right';
  children: ReactNode | ((close: () => void) => ReactNode);
}

export function Menu({ label, ariaLabel, align = 'right', children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // an item chosen: the items go, so the keyboard's place goes back to the menu's button
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {/* the label in an element of its own, so its text is found whole (the caret is not part of it) */}
        <span className="menu-label">{label}</span>
        <span aria-hidden="true" className="menu-caret">
          ▾
        </span>
      </button>
      {/* the items exist only while open: a closed menu's email and role would otherwise be found twice on a page showing them */}
      <div id={panelId} className={`menu-panel menu-${align}`} hidden={!open}>
        {open && (typeof children === 'function' ? children(close) : children)}
      </div>
    </div>
  );
}
