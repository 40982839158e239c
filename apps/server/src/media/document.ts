export interface DocumentRenditions {
  files: [];
}

/**
 * Documents and editing projects get no renditions: no PDF or office renderer is installed, and a
 * made-up picture would pass for the content. Lists show /placeholders/file.svg for them.
 */
export function renderDocument(): Promise<DocumentRenditions> {
  return Promise.resolve({ files: [] });
}
