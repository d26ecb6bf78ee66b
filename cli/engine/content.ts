// The content as every command and build loads it: the files read and checked (load/), the photos
// they name inspected (photos/), all problems of both in one ContentError.
import { loadContentWith, type LoadOptions } from './load/content.ts';
import { inspectPhotos } from './photos/inspect.ts';

export const loadContent = (contentDir: string, options: LoadOptions = {}) => loadContentWith(contentDir, inspectPhotos, options);
