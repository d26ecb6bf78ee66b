import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { readConsent, saveConsent, type Consent } from './consent.ts';

export interface CookieConsentProps {
  title: string;
  text: string;
  policy: { href: string; label: string };
  accept: string;
  reject: string;
  configure: string;
  dialog: {
    title: string;
    text: string;
    necessary: string;
    necessaryDescription: string;
    analytics: string;
    analyticsDescription: string;
    rejectAll: string;
    save: string;
    close: string;
  };
  /** Optional analytics script (site.yaml); loaded only after consent. */
  analyticsSrc?: string;
}

const button = 'min-h-11 rounded-full px-5 font-semibold';
const solid = `${button} bg-sea-800 text-white hover:bg-sea-900`;
const outline = `${button} text-sea-800 ring-1 ring-sea-200 hover:bg-sea-50`;

function loadAnalytics(src: string | undefined, consent: Consent | undefined) {
  if (!src || !consent?.analytics || document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

function Switch({ id, label, description, checked, disabled, onChange }: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl bg-sea-50 p-4">
      <div>
        <p id={`${id}-label`} className="font-semibold text-sea-900">{label}</p>
        <p id={`${id}-description`} className="mt-1 text-sm text-slate-700">{description}</p>
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        disabled={disabled}
        onClick={() => onChange?.(!checked)}
        className="relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-500 p-1 transition-colors aria-checked:bg-olive-700 disabled:opacity-60"
      >
        <span className={`size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : ''}`} />
      </button>
    </div>
  );
}

/**
 * Consent banner and preferences dialog (spec §4). The server renders both hidden: only the
 * browser knows whether a valid choice is stored, and nothing optional loads without one.
 */
export function CookieConsent(props: CookieConsentProps) {
  const [banner, setBanner] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const bannerRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const stored = readConsent();
    setBanner(!stored);
    setAnalytics(stored?.analytics ?? false);
    loadAnalytics(props.analyticsSrc, stored);
    // The footer's "cookie settings" link opens the dialog; without JavaScript it goes to the policy.
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('[data-cookie-settings]');
      if (!link) return;
      e.preventDefault();
      open(link as HTMLElement);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  // While the banner shows, the page scrolls focused elements clear of it (WCAG 2.4.11).
  useEffect(() => {
    const height = banner ? `${bannerRef.current?.offsetHeight ?? 0}px` : '';
    document.documentElement.style.scrollPaddingBottom = height;
    document.body.style.paddingBottom = height;
  }, [banner]);

  const open = (from: HTMLElement | null) => {
    opener.current = from;
    setAnalytics(readConsent()?.analytics ?? false);
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };
  const decide = (choice: boolean) => {
    const consent = saveConsent(choice);
    loadAnalytics(props.analyticsSrc, consent);
    setBanner(false);
    if (dialog.current?.open) close();
  };
  // Keep Tab inside the modal dialog, as the ARIA dialog pattern asks.
  const trapFocus = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')];
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    if (e.shiftKey && document.activeElement === first) (e.preventDefault(), last?.focus());
    else if (!e.shiftKey && document.activeElement === last) (e.preventDefault(), first?.focus());
  };

  return (
    <>
      <section
        ref={bannerRef}
        aria-labelledby="cookie-title"
        hidden={!banner}
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgba(0,0,0,0.12)] sm:p-6"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div className="max-w-3xl">
            <h2 id="cookie-title" className="text-lg font-bold text-sea-900">
              {props.title}
            </h2>
            <p className="mt-1 text-slate-700">
              {props.text}{' '}
              <a href={props.policy.href} className="font-medium text-sea-700 underline">
                {props.policy.label}
              </a>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={solid} onClick={() => decide(false)}>
              {props.reject}
            </button>
            <button type="button" className={solid} onClick={() => decide(true)}>
              {props.accept}
            </button>
            <button type="button" className={outline} onClick={(e) => open(e.currentTarget)}>
              {props.configure}
            </button>
          </div>
        </div>
      </section>
      <dialog
        ref={dialog}
        aria-labelledby="cookie-dialog-title"
        aria-describedby="cookie-dialog-text"
        onKeyDown={trapFocus}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-sea-950/60"
      >
        <h2 id="cookie-dialog-title" className="text-xl font-bold text-sea-900">
          {props.dialog.title}
        </h2>
        <p id="cookie-dialog-text" className="mt-2 text-slate-700">
          {props.dialog.text}
        </p>
        <div className="mt-5 space-y-3">
          <Switch id="consent-necessary" label={props.dialog.necessary} description={props.dialog.necessaryDescription} checked disabled />
          <Switch id="consent-analytics" label={props.dialog.analytics} description={props.dialog.analyticsDescription} checked={analytics} onChange={setAnalytics} />
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" className={outline} onClick={close}>
            {props.dialog.close}
          </button>
          <button type="button" className={solid} onClick={() => decide(false)}>
            {props.dialog.rejectAll}
          </button>
          <button type="button" className={solid} onClick={() => decide(analytics)}>
            {props.dialog.save}
          </button>
        </div>
      </dialog>
    </>
  );
}
