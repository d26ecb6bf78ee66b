#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on the fly so maintainers need no build step.
import { register } from 'tsx/esm/api';

register();
await import('./index.ts');
