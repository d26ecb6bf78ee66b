// Where the content's Markdown files, posts and legal texts, lie in the content folder: `<folder>/<lang>/<slug>.md`.
export const markdownFolders = ['blog', 'legal'] as const;
