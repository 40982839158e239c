import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { runPdfFirstPage } from './ffmpeg.ts';
import { renderImage } from './image.ts';
import { IMAGE_TIMEOUT_MS } from './limits.ts';
import { sniffFile } from './probe.ts';
import { PREVIEW_SIDE_PX } from './render.ts';

export interface DocumentRenditions {
  files: string[];
  preview?: string;
  thumbnail?: string;
}

const PAGE_DIR = 'page';

/**
 * A PDF gets a preview and a thumbnail of its first page, drawn by poppler and rendered like a
 * picture. Other documents and editing projects get none (no office renderer is installed, and a
 * made-up picture would pass for the content), nor does a PDF poppler cannot draw (damaged,
 * encrypted): lists show /placeholders/file.svg for them, and the original stays downloadable.
 */
export async function renderDocument(
  input: string,
  outDir: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<DocumentRenditions> {
  const { signal, timeoutMs = IMAGE_TIMEOUT_MS } = options;
  if ((await sniffFile(input)).extension !== 'pdf') return { files: [] };
  const folder = path.join(outDir, PAGE_DIR);
  await mkdir(folder, { recursive: true });
  try {
    const page = path.join(folder, 'first');
    await runPdfFirstPage(input, page, PREVIEW_SIDE_PX, {
      jobDir: outDir,
      inputFile: input,
      timeoutMs,
      signal,
    });
    const { files, preview, thumbnail } = await renderImage(`${page}.png`, outDir, { signal, timeoutMs });
    return { files, preview, thumbnail };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { files: [] };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
