import { UsageError } from '../../errors.ts';
import { type Family, sampledFamilies } from '../../site/routes.ts';

/** The families named by `--family` (every sampled one when none is), in their usual order; a usage error for a name that is none. */
export function chosenFamilies(names?: readonly string[]): Family[] {
  const unknown = names?.filter((name) => !sampledFamilies.includes(name as Family)) ?? [];
  if (unknown.length)
    throw new UsageError(`--family ${unknown.join(', ')}: no such family; the families are ${sampledFamilies.join(', ')}`);
  return sampledFamilies.filter((family) => !names || names.includes(family));
}
