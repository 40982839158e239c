import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../lib/ids.ts';
import { itemTypeOf, sniffFile } from '../media/probe.ts';
import type { Services } from '../services.ts';
import { DEMO_LIBRARY, type DemoPiece } from './demo-library.ts';
import { findMediaTools, makeDemoFile } from './demo-media.ts';
import type { DemoSeed } from './demo-tenant.ts';

/** What filling the library takes: the intake every upload goes through, and the item editor. */
export type LibraryDeps = Pick<Services, 'config' | 'log' | 'itemIntake' | 'itemsService' | 'identityLoader'>;

/**
 * Makes the demo's library on this machine and hands each file to the item intake, as an upload
 * would be: the worker transcodes it and draws its thumbnail. Then the administrator gives it its
 * title and description. Meant to run in the background after start; answers how many items it
 * made (none, with a warning, when ffmpeg is missing).
 */
export async function seedDemoLibrary(
  s: LibraryDeps,
  seed: DemoSeed,
  library: readonly DemoPiece[] = DEMO_LIBRARY,
): Promise<number> {
  const tools = await findMediaTools();
  if (!tools) {
    s.log.warn(
      'ffmpeg was not found, so the demo tenant has no media library. Install ffmpeg (npm run setup), ' +
        'delete DATA_DIR and start again to have one.',
    );
    return 0;
  }
  if (tools.font === null) {
    s.log.warn('No DejaVu font was found (Debian: fonts-dejavu-core): the demo clips have no captions.');
  }
  const owner = await s.identityLoader.load(seed.tenantId, seed.ownerId);
  if (!owner) throw new Error('the demo administrator is missing');
  const dir = path.join(s.config.DATA_DIR, 'work', `demo-library-${newId()}`);
  await mkdir(dir, { recursive: true });
  try {
    for (const piece of library) {
      const file = await makeDemoFile(tools, dir, piece.filename, piece.recipe);
      const sniffed = await sniffFile(file);
      const itemId = newId();
      await s.itemIntake.receive(
        {
          tenantId: seed.tenantId,
          itemId,
          versionId: newId(),
          folderId: seed.folderIds[piece.folder],
          userId: seed.ownerId,
          filename: piece.filename,
          size: (await stat(file)).size,
          mimeType: sniffed.mimeType,
          itemType: itemTypeOf(sniffed, piece.filename),
        },
        { localFile: file },
      );
      await s.itemsService.update(owner, itemId, { title: piece.title, description: piece.description });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return library.length;
}
