import { CircleAlert, CircleCheck } from '../components/icons.tsx';
import { routeKey } from '../../cli/site/routes.ts';
import { usePage } from '../context.tsx';
import { ButtonLink, buttonClass, CallButton, Container } from '../components/ui.tsx';
import { Island } from '../islands/Island.tsx';
import { RetryLink } from '../islands/RetryLink.tsx';
import { Seo } from '../layout/Seo.tsx';

/** Where the no-JavaScript contact form lands: the thank-you page or the send-error page. */
export function Message() {
  const { route, t, href } = usePage();
  const sent = route.family === 'thanks';
  const text = sent ? t.thanks : t.sendError;
  const Icon = sent ? CircleCheck : CircleAlert;
  return (
    <>
      <Seo title={text.seo.title} description={text.seo.description} />
      <Container width="text" className="py-20 text-center">
        <Icon className={`mx-auto size-16 ${sent ? 'text-olive-700' : 'text-terracotta-600'}`} />
        <h1 className="mt-6 text-3xl font-extrabold text-sea-900 sm:text-4xl">{text.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{text.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {sent ? (
            <ButtonLink href={href(routeKey.home())} tone="secondary">
              {t.thanks.back}
            </ButtonLink>
          ) : (
            <Island
              name="RetryLink"
              component={RetryLink}
              props={{
                href: `${href(routeKey.contact())}#contact-form`,
                label: t.sendError.retry,
                className: buttonClass('secondary'),
                dropped: t.sendError.dropped,
                labels: t.form.labels,
              }}
            />
          )}
          <CallButton />
        </div>
      </Container>
    </>
  );
}
