import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronDown } from './icons.tsx';

/** Dropdown timing: hover opens after 200 ms, leaving closes after 150 ms, and within
 * 300 ms of a dropdown closing the next one opens at once. */
const menuDelays = { open: 200, close: 150, skip: 300 };
/** Module-wide, so the skip delay spans every dropdown on the page. */
let lastClosedAt = -Infinity;

export interface ServicesMenuProps {
  label: string;
  services: { title: string; description: string; href: string }[];
}

/** The header's Services disclosure: a button with `aria-expanded` and the panel it shows. */
export function ServicesMenu({ label, services }: ServicesMenuProps) {
  const [open, setOpenNow] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);

  /** Opened by hovering and not clicked since. */
  const byHover = useRef(false);
  const setOpen = (next: boolean, viaHover = false) => {
    clearTimeout(timer.current);
    if (!next && open) lastClosedAt = performance.now();
    byHover.current = next && viaHover;
    setOpenNow(next);
  };
  const later = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next, true), delay);
  };
  // Touch has no hover: a tap is a click, handled by the button.
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    if (open) clearTimeout(timer.current);
    else if (performance.now() - lastClosedAt < menuDelays.skip) setOpen(true, true);
    else later(true, menuDelays.open);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') later(false, menuDelays.close);
  };
  // Clicking a menu that hovering has just opened keeps it open, rather than closing it under the pointer.
  const onClick = () => (byHover.current ? (byHover.current = false) : setOpen(!open));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) setOpen(false), button.current?.focus();
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    // data-hydrated hands the panel from the no-JavaScript CSS fallback (styles.css) to this state.
    // biome-ignore lint/a11y/noStaticElementInteractions: hover timing only; the button inside is what keyboards and screen readers use
    <div
      className="relative"
      data-menu
      data-hydrated={hydrated ? '' : undefined}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button ref={button} type="button" aria-expanded={open} aria-controls="services-menu" onClick={onClick} className="nav-link">
        {label}
        <ChevronDown className="size-4" />
      </button>
      <div id="services-menu" data-menu-panel hidden={!open} className="menu-panel">
        <ul className="menu-list">
          {services.map((s) => (
            <li key={s.href}>
              <a href={s.href} className="menu-item">
                <span>{s.title}</span>
                <span>{s.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
