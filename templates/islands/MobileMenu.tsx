import { useLayoutEffect, useRef, useState } from 'react';
import { Menu, X } from './icons.tsx';

/** The id of the header's phone-width menu, which is server markup (templates/islands/Header.tsx). */
export const mobileMenuId = 'mobile-menu';

export interface MobileMenuProps {
  open: string;
  close: string;
}

/**
 * The phone-width menu button. Only the button hydrates: it shows and hides the static menu it
 * controls, so the links themselves cost no JavaScript.
 */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Layout effect: the menu shows in the same frame as the button's new state.
  useLayoutEffect(() => {
    document.getElementById(mobileMenuId)!.hidden = !open;
    if (!open) return;
    const header = button.current!.closest('header')!;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false), button.current?.focus();
    };
    header.addEventListener('keydown', onKeyDown);
    return () => header.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <button
      ref={button}
      type="button"
      aria-expanded={open}
      aria-controls={mobileMenuId}
      aria-label={open ? props.close : props.open}
      onClick={() => setOpen(!open)}
      className="menu-button"
    >
      {open ? <X className="size-6" /> : <Menu className="size-6" />}
    </button>
  );
}
