import { useEffect, useRef, useState, type FormEvent } from 'react';
import { contactFields, honeypotField, tokenField, type ContactField } from '../../cli/site/contact/fields.ts';
import type { FieldConstraints } from '../../cli/site/contact/constraints.ts';
import { validate, type Control } from './validity.ts';

export interface ContactFormProps {
  lang: string;
  action: string;
  labels: Record<ContactField, string>;
  placeholders: Record<Exclude<ContactField, 'servicio'>, string>;
  services: { value: string; label: string }[];
  selectService: string;
  honeypot: string;
  submit: string;
  sending: string;
  success: { title: string; text: string };
  error: { title: string; text: string };
  dismiss: string;
  /** Each field's checks, derived from the function's schema when the page was built. */
  constraints: Record<ContactField, FieldConstraints>;
}

type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;
interface Toast {
  id: number;
  tone: 'success' | 'error';
  title: string;
  text: string;
}

const empty = Object.fromEntries(contactFields.map((f) => [f, ''])) as Values;
const toastSeconds = 8;
let lastToastId = 0;

/** 128 random bits as hex: getRandomValues works on plain http too, where randomUUID does not. */
const newToken = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Values a failed no-JavaScript post left in the URL fragment (see functions/contact/handle.ts). */
function valuesFromFragment(): Partial<Values> {
  const params = new URLSearchParams(location.hash.slice(1));
  return Object.fromEntries(contactFields.filter((f) => params.has(f)).map((f) => [f, params.get(f)!]));
}

/**
 * The quote form. It posts as a plain HTML form, so it works before and without JavaScript;
 * hydrated, it validates with the function's rules and sends JSON, reporting the result in a toast.
 */
export function ContactForm(props: ContactFormProps) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [validated, setValidated] = useState(false);
  const [sending, setSending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // Made on the enquiry's first try, in the browser (a page's HTML is the same for every visitor),
  // and kept over its retries until it is sent.
  const token = useRef<string | undefined>(undefined);

  useEffect(() => {
    setHydrated(true);
    setValues((v) => ({ ...v, ...valuesFromFragment() }));
  }, []);

  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const toast = (tone: Toast['tone'], content: { title: string; text: string }) => {
    const id = ++lastToastId;
    setToasts((list) => [...list, { id, tone, ...content }]);
    setTimeout(() => dismiss(id), toastSeconds * 1000);
  };
  const payload = (v: Values) => ({
    ...v,
    lang: props.lang,
    [honeypotField]: honeypot.current?.value ?? '',
    [tokenField]: (token.current ??= newToken()),
  });
  /** Validates the controls as they stand: they hold the values once rendered. */
  const check = () => {
    const found: Errors = {};
    for (const name of contactFields) {
      const message = validate(form.current!.elements.namedItem(name) as Control, props.constraints[name]);
      if (message) found[name] = message;
    }
    return found;
  };

  // An updater, not `{ ...values }`: autofill changes several fields before the next render.
  const change = (name: ContactField, value: string) => setValues((v) => ({ ...v, [name]: value }));
  // After the first submit, every change is checked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks again when the values change, not when a submit sets `validated`
  useEffect(() => {
    if (validated) setErrors(check());
  }, [values]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setValidated(true);
    const found = check();
    setErrors(found);
    const firstInvalid = contactFields.find((f) => found[f]);
    if (firstInvalid) {
      form.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const response = await fetch(props.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload(values)),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      toast('success', props.success);
      token.current = undefined;
      setValues(empty);
      setValidated(false);
    } catch {
      toast('error', props.error); // the form keeps every value for another try
    } finally {
      setSending(false);
    }
  };

  const describe = (name: ContactField) => (errors[name] ? `cf-${name}-error` : undefined);
  const message = (name: ContactField) =>
    errors[name] && (
      <p id={`cf-${name}-error`} className="form-error">
        {errors[name]}
      </p>
    );
  const attributes = (name: ContactField) => props.constraints[name].attributes;
  const common = (name: ContactField) => ({
    id: `cf-${name}`,
    name,
    required: attributes(name).required,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describe(name),
    className: 'form-field',
  });
  /** `type` unless the schema makes the field an e-mail address. */
  const input = (name: Exclude<ContactField, 'servicio' | 'mensaje'>, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`cf-${name}`} className="form-label">
        {props.labels[name]}
      </label>
      <input
        {...common(name)}
        {...attributes(name)}
        type={attributes(name).type ?? type}
        autoComplete={autoComplete}
        placeholder={props.placeholders[name]}
        onChange={(e) => change(name, e.currentTarget.value)}
      />
      {message(name)}
    </div>
  );

  return (
    <>
      <form
        ref={form}
        id="contact-form"
        method="post"
        action={props.action}
        noValidate={hydrated}
        onSubmit={submit}
        className="grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="lang" value={props.lang} />
        {input('nombre', 'text', 'name')}
        {input('email', 'text', 'email')}
        {input('telefono', 'tel', 'tel')}
        <div>
          <label htmlFor="cf-servicio" className="form-label">
            {props.labels.servicio}
          </label>
          <select {...common('servicio')} onChange={(e) => change('servicio', e.currentTarget.value)}>
            <option value="" disabled>
              {props.selectService}
            </option>
            {props.services.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {message('servicio')}
        </div>
        <div className="sm:col-span-2">{input('localidad', 'text', 'address-level2')}</div>
        <div className="sm:col-span-2">
          <label htmlFor="cf-mensaje" className="form-label">
            {props.labels.mensaje}
          </label>
          <textarea
            {...common('mensaje')}
            minLength={attributes('mensaje').minLength}
            maxLength={attributes('mensaje').maxLength}
            rows={5}
            placeholder={props.placeholders.mensaje}
            onChange={(e) => change('mensaje', e.currentTarget.value)}
          />
          {message('mensaje')}
        </div>
        <div className="absolute -left-[9999px]" aria-hidden="true">
          <label htmlFor="cf-website">{props.honeypot}</label>
          <input ref={honeypot} id="cf-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" disabled={sending} className="form-submit">
            {sending ? props.sending : props.submit}
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite" className="toasts">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`}>
            <div className="flex-1">
              <p>{t.title}</p>
              <p>{t.text}</p>
            </div>
            <button type="button" onClick={() => dismiss(t.id)} aria-label={props.dismiss} className="rounded-md px-2 text-xl leading-none">
              ×
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
