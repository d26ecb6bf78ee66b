import { Droplets, Hammer, Paintbrush, Shovel, Snowflake, Sun, Trees, Waves, Zap } from './icons.tsx';
import type { Service } from '../../cli/site/model.ts';

const icons = {
  zap: Zap,
  droplets: Droplets,
  paintbrush: Paintbrush,
  trees: Trees,
  waves: Waves,
  shovel: Shovel,
  hammer: Hammer,
  sun: Sun,
  snowflake: Snowflake,
};

export function ServiceIcon({ name, className }: { name: Service['icon']; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} />;
}
