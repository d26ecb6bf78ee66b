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

function loadAnalytics(src: string | undefined, consent: Consent | undefined) {
  if (!src || !consent?.analytics || document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

function Switch(props: { id: string; label: string; description: string; checked: boolean; onChange?: (checked: boolean) => void }) {
  const { id, checked, onChange } = props;
  return (
    <div className="switch-row">
      <div>
        <p id={`${id}-label`}>{props.label}</p>
        <p id={`${id}-text`}>{props.description}</p>
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-text`}
        disabled={!onChange}
        onClick={() => onChange?.(!checked)}
        className="switch"
      />
    </div>
  );
}

/**
 * Consent banner and preferences dialog. The server renders both hidden: only the
 * browser knows whether a valid choice is stored, and nothing optional loads without one.
 */
export function CookieConsent(props: CookieConsentProps) {
  const [banner, setBanner] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const bannerRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: an island's props never change after hydration; this runs once
  useEffect(() => {
    const stored = readConsent();
    setBanner(!stored);
    loadAnalytics(props.analyticsSrc, stored);
    // The footer's "cookie settings" link opens the dialog; without JavaScript it goes to the policy.
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element).closest?.<HTMLElement>('[data-cookie-settings]');
      if (link) e.preventDefault(), open(link);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  // While the banner shows, the page scrolls focused elements clear of it (WCAG 2.4.11), and the
  // floating WhatsApp button rides above it (styles.css) rather than hiding behind it.
  useEffect(() => {
    const height = banner ? `${bannerRef.current?.offsetHeight}px` : '';
    const root = document.documentElement.style;
    root.scrollPaddingBottom = document.body.style.paddingBottom = height;
    root.setProperty('--cookie-banner-height', height || '0px');
  }, [banner]);

  const open = (from: HTMLElement) => {
    opener.current = from;
    setAnalytics(readConsent()?.analytics ?? false);
    dialog.current?.showModal();
  };
  const decide = (allow: boolean) => {
    loadAnalytics(props.analyticsSrc, saveConsent(allow));
    setBanner(false);
    dialog.current?.close();
  };
  // Keep Tab inside the modal dialog, as the ARIA dialog pattern asks.
  const trapFocus = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const focusable = e.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])');
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    const edge = e.shiftKey ? first : last;
    if (document.activeElement === edge) e.preventDefault(), (e.shiftKey ? last : first)?.focus();
  };
  const choice = (label: string, value: boolean) => (
    <button type="button" className="cookie-choice" onClick={() => decide(value)}>
      {label}
    </button>
  );

  return (
    <>
      <section ref={bannerRef} aria-labelledby="cookie-title" hidden={!banner} className="cookie-banner">
        <div>
          <div className="max-w-3xl">
            <h2 id="cookie-title" className="cookie-title">
              {props.title}
            </h2>{' '}
            <p className="cookie-text">
              {props.text} <a href={props.policy.href}>{props.policy.label}</a>
            </p>
          </div>
          <div className="cookie-actions">
            {choice(props.reject, false)}
            {choice(props.accept, true)}
            <button type="button" className="cookie-secondary" onClick={(e) => open(e.currentTarget)}>
              {props.configure}
            </button>
          </div>
        </div>
      </section>
      {/* Escape (cancel), the buttons and the browser all close it; focus then goes back to the opener. */}
      <dialog
        ref={dialog}
        aria-labelledby="cookie-dialog-title"
        aria-describedby="cookie-dialog-text"
        onKeyDown={trapFocus}
        onClose={() => opener.current?.focus()}
        className="cookie-dialog"
      >
        <h2 id="cookie-dialog-title" className="cookie-title">
          {props.dialog.title}
        </h2>
        <p id="cookie-dialog-text" className="cookie-text">
          {props.dialog.text}
        </p>
        <Switch id="consent-necessary" label={props.dialog.necessary} description={props.dialog.necessaryDescription} checked />
        <Switch
          id="consent-analytics"
          label={props.dialog.analytics}
          description={props.dialog.analyticsDescription}
          checked={analytics}
          onChange={setAnalytics}
        />
        <div className="cookie-actions mt-6 justify-end">
          <button type="button" className="cookie-secondary" onClick={() => dialog.current?.close()}>
            {props.dialog.close}
          </button>
          {choice(props.dialog.rejectAll, false)}
          {choice(props.dialog.save, analytics)}
        </div>
      </dialog>
    </>
  );
}
