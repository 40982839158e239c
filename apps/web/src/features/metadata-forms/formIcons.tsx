import {
  IconCalendar,
  IconCamera,
  IconFile,
  IconFlag,
  IconLock,
  IconMapPin,
  IconMicrophone,
  IconMovie,
  IconNews,
  IconScale,
  IconTag,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

/** The icons a form may have (spec §3 icon): its name is what is stored. */
export const FORM_ICONS: Readonly<Record<string, Icon>> = {
  news: IconNews,
  camera: IconCamera,
  movie: IconMovie,
  microphone: IconMicrophone,
  rights: IconScale,
  lock: IconLock,
  tag: IconTag,
  place: IconMapPin,
  person: IconUser,
  calendar: IconCalendar,
  file: IconFile,
  flag: IconFlag,
};

/** A form's icon, or nothing when it has none (or one this version does not know). */
export function FormIcon({ name, color }: { name: string | null; color?: string | null | undefined }) {
  const Found = name === null ? undefined : FORM_ICONS[name];
  return Found ? <Found size={18} color={color ?? undefined} aria-hidden /> : null;
}
