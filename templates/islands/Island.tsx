import type { ComponentType } from 'react';

/**
 * Server side of the islands contract: renders a component inside a wrapper that names it and
 * carries its props as JSON, so templates/client.ts can hydrate exactly these parts with Preact.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
