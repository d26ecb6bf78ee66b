import { build, type BuildResult } from '../../../cli/engine/pipeline.ts';
import { templatesDir } from '../../../cli/support/paths.ts';
import { testPhotoCache } from '../../helpers.ts';
import { loadContent } from '../../../cli/engine/content.ts';
import type { SiteModel } from '../../../cli/site/model.ts';
import { outputFile } from '../../../cli/site/routes.ts';

/**
 * A content folder (the real one by default) built in memory once per test file.
 */
export async function builtSite(contentDir = 'content'): Promise<BuiltSite> {
  const result = await build(await loadContent(contentDir), { templatesDir, year: 2026, photoCache: testPhotoCache });
  return new BuiltSite(result.model, result);
}

export class BuiltSite {
  constructor(
    readonly model: SiteModel,
    readonly result: BuildResult,
  ) {}

  page(path: string): string {
    const html = this.result.outputs.get(outputFile(path));
    if (typeof html !== 'string') throw new Error(`no page at ${path}`);
    return html;
  }

  /** Visible text of a page: scripts and tags dropped, common entities decoded. */
  text(path: string): string {
    return this.page(path)
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
  }
}

/** Every capture of a pattern's first group. */
export const matchesOf = (html: string, pattern: RegExp): string[] => [...html.matchAll(pattern)].map((m) => m[1]!);
