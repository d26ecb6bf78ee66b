import type { ContactField } from '../../functions/contact/schema.ts';

export interface ContactFormProps {
  lang: 'es' | 'en';
  action: string;
  labels: Record<ContactField, string>;
  placeholders: Record<Exclude<ContactField, 'servicio'>, string>;
  services: { value: string; label: string }[];
  selectService: string;
  honeypot: string;
  submit: string;
}

const field = 'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm focus:border-sea-600';
const label = 'block font-semibold text-slate-800';

/** The quote form. It posts as a plain HTML form, so it works before and without JavaScript. */
export function ContactForm(props: ContactFormProps) {
  const input = (name: Exclude<ContactField, 'servicio' | 'mensaje'>, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`cf-${name}`} className={label}>
        {props.labels[name]}
      </label>
      <input id={`cf-${name}`} name={name} type={type} autoComplete={autoComplete} required placeholder={props.placeholders[name]} className={field} />
    </div>
  );
  return (
    <form id="contact-form" method="post" action={props.action} className="grid gap-5 sm:grid-cols-2">
      <input type="hidden" name="lang" value={props.lang} />
      {input('nombre', 'text', 'name')}
      {input('email', 'email', 'email')}
      {input('telefono', 'tel', 'tel')}
      <div>
        <label htmlFor="cf-servicio" className={label}>
          {props.labels.servicio}
        </label>
        <select id="cf-servicio" name="servicio" required defaultValue="" className={field}>
          <option value="" disabled>
            {props.selectService}
          </option>
          {props.services.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">{input('localidad', 'text', 'address-level2')}</div>
      <div className="sm:col-span-2">
        <label htmlFor="cf-mensaje" className={label}>
          {props.labels.mensaje}
        </label>
        <textarea id="cf-mensaje" name="mensaje" rows={5} required placeholder={props.placeholders.mensaje} className={field} />
      </div>
      <div className="absolute -left-[9999px]" aria-hidden="true">
        <label htmlFor="cf-website">{props.honeypot}</label>
        <input id="cf-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-terracotta-600 px-6 py-3 text-base font-semibold text-white hover:bg-terracotta-700 disabled:opacity-70 sm:w-auto">
          {props.submit}
        </button>
      </div>
    </form>
  );
}
