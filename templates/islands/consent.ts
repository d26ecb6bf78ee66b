/** The visitor's cookie choice, stored in localStorage under `cookieConsent`. */
export interface Consent {
  necessary: true;
  analytics: boolean;
  version: number;
  /** ISO timestamp of the choice. */
  savedAt: string;
}

export const consentKey = 'cookieConsent';
/** Bump when the cookie policy changes in a way that needs asking again. */
export const consentVersion = 1;
/** A choice is asked for again after 24 months, as consent must be renewed. */
const consentMonths = 24;

/** The stored choice, or undefined when there is none, it is malformed, outdated or expired. */
export function readConsent(now = new Date()): Consent | undefined {
  let value: Partial<Consent> | null;
  try {
    value = JSON.parse(localStorage.getItem(consentKey) ?? 'null') as Partial<Consent> | null;
  } catch {
    return undefined; // unreadable means no valid choice: ask again
  }
  if (value?.necessary !== true || typeof value.analytics !== 'boolean' || value.version !== consentVersion) return undefined;
  const expires = new Date(value.savedAt ?? '');
  expires.setMonth(expires.getMonth() + consentMonths);
  return expires > now ? (value as Consent) : undefined;
}

export function saveConsent(analytics: boolean, now = new Date()): Consent {
  const consent: Consent = { necessary: true, analytics, version: consentVersion, savedAt: now.toISOString() };
  localStorage.setItem(consentKey, JSON.stringify(consent));
  return consent;
}
