import type { ItemIntake } from '../items/item-intake.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import type { PresetsService } from './presets.service.ts';
import type { RenderRights } from './render-rights.ts';
import type { RenderSources } from './render-sources.ts';
import type { RendersRepository } from './renders.repository.ts';
import { RendersService } from './renders.service.ts';
import type { SequencesRepository } from './sequences.repository.ts';
import { SequencesService, type SequenceItemWrites } from './sequences.service.ts';
import { VirtualClipsService } from './virtual-clips.service.ts';

interface Deps {
  items: ItemsService;
  itemRows: SequenceItemWrites;
  sources: RenderSources;
  rights: RenderRights;
  presets: PresetsService;
  intake: ItemIntake;
  processing: ProcessingService;
  renders: RendersRepository;
  sequences: SequencesRepository;
}

/** What the cutter makes: subclips (renders), virtual clips, and sequences with their exports. */
export function renderingServices(d: Deps) {
  return {
    rendersService: new RendersService(d),
    virtualClipsService: new VirtualClipsService(d),
    sequencesService: new SequencesService(d),
  };
}
