import type { DemoFolder } from './demo-tenant.ts';

/** How a file of the demo library is made on the machine (demo-media.ts). */
export type DemoRecipe =
  | {
      kind: 'clip';
      /** An ffmpeg lavfi video source. */
      picture: string;
      /** An ffmpeg lavfi audio source. */
      sound: string;
      /** Burned-in captions, each shown for an equal share of the clip. */
      captions: readonly string[];
    }
  | { kind: 'still'; picture: string; caption: string }
  | { kind: 'sound'; sound: string }
  | { kind: 'document'; heading: string; lines: readonly string[] };

export interface DemoPiece {
  filename: string;
  folder: DemoFolder;
  title: string;
  description: string;
  recipe: DemoRecipe;
}

/** Seconds of each clip: short, so making and transcoding them costs a few seconds of CPU. */
export const CLIP_SECONDS = 6;

/**
 * The demo's library: clips with sound and captions, pictures, a sound and a PDF, with titles and
 * descriptions in Norwegian and English, so search, the player and the tiles have something to show.
 */
export const DEMO_LIBRARY: readonly DemoPiece[] = [
  {
    filename: 'bystyret-budsjett.mp4',
    folder: 'News',
    title: 'Bystyret vedtar budsjettet',
    description:
      'Kort innslag fra bystyremøtet der budsjettet for neste år ble vedtatt. ' +
      'Short clip from the city council meeting that passed next year’s budget.',
    recipe: {
      kind: 'clip',
      picture: 'testsrc2=size=640x360:rate=25',
      sound: 'sine=frequency=440:beep_factor=4:sample_rate=48000',
      captions: ['Bystyret vedtok budsjettet i kveld', 'The city council passed the budget tonight'],
    },
  },
  {
    filename: 'valgvake-radhuset.jpg',
    folder: 'News',
    title: 'Election night at the town hall',
    description:
      'Stemningsbilde fra valgvaka i rådhuset. A picture of the election night gathering at the town hall.',
    recipe: { kind: 'still', picture: 'mandelbrot=size=1280x720', caption: 'Valgvake · Election night' },
  },
  {
    filename: 'skiskyting-sprint.mp4',
    folder: 'Sport',
    title: 'Biathlon sprint: home win',
    description:
      'Hjemmeseier i skiskyting, sprint, med jubel på tribunen. A home win in the biathlon sprint, with cheering in the stands.',
    recipe: {
      kind: 'clip',
      picture: 'smptebars=size=640x360:rate=25',
      sound: 'anoisesrc=color=pink:amplitude=0.08:sample_rate=48000',
      captions: ['Seier i sprinten!', 'A home win in the sprint!'],
    },
  },
  {
    filename: 'stadion-kveld.png',
    folder: 'Sport',
    title: 'Stadion før avspark',
    description: 'Stadion en time før avspark. The stadium an hour before kick-off.',
    recipe: { kind: 'still', picture: 'testsrc2=size=1280x720', caption: 'Stadion · Stadium' },
  },
  {
    filename: 'fjordferge-1987.mp4',
    folder: 'Archive',
    title: 'Fjordferja, arkivopptak 1987',
    description:
      'Digitalisert arkivopptak av fjordferja fra 1987. Digitised archive footage of the fjord ferry from 1987.',
    recipe: {
      kind: 'clip',
      picture: 'mandelbrot=size=640x360:rate=25',
      sound: 'anoisesrc=color=brown:amplitude=0.1:sample_rate=48000',
      captions: ['Arkivopptak fra 1987', 'Archive footage from 1987'],
    },
  },
  {
    filename: 'kjenningsmelodi.mp3',
    folder: 'Archive',
    title: 'Kjenningsmelodi for kveldssendinga',
    description:
      'Kjenningsmelodien til kveldssendinga, ti sekunder. The theme tune of the late bulletin, ten seconds.',
    recipe: {
      kind: 'sound',
      sound: "aevalsrc='0.2*sin(2*PI*440*t)+0.15*sin(2*PI*554.37*t)+0.15*sin(2*PI*659.25*t)':s=48000:d=10",
    },
  },
  {
    filename: 'sendeplan-uke-48.pdf',
    folder: 'News',
    title: 'Sendeplan uke 48',
    description:
      'Sendeplanen for uke 48, med nyheter, sport og arkiv. The broadcast schedule for week 48: news, sport and archive.',
    recipe: {
      kind: 'document',
      heading: 'Sendeplan uke 48 — Broadcast schedule, week 48',
      lines: [
        '06:30  Morgennytt / Morning news',
        '12:00  Lunsjnytt / Midday news',
        '18:45  Sport: skiskyting, sprint / Sport: biathlon sprint',
        '21:00  Kveldssendinga / The late bulletin',
        '22:30  Fra arkivet: fjordferja 1987 / From the archive: the fjord ferry, 1987',
      ],
    },
  },
];
