import { Anchor, VisuallyHidden } from '@mantine/core';
import { LOG_MOMENT_KIND } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { SearchHit } from '../../api/search.ts';
import { formatTime } from '../player/timeFormat.ts';
import { Highlighted } from './Highlighted.tsx';
import { momentHref } from './results.ts';

/** The kinds with a name of their own on screen (search.json `moments.kinds`); others show as moments. */
const NAMED_KINDS = new Set(['speech', 'text', 'label', 'face', 'translation', LOG_MOMENT_KIND]);

/** A search hit's moments (docs/SEARCH.md), each a link that opens the item's player at its time. */
export function HitMoments({ hit }: { hit: Pick<SearchHit, 'id' | 'moments'> }) {
  const { t } = useTranslation('search');
  // Spec §6 ui.labels: without it, label moments are not shown (the hit itself still is).
  const showLabels = hasPermission(useCurrentUser(), 'ui.labels');
  const moments = showLabels ? hit.moments : hit.moments.filter((m) => m.kind !== 'label');
  if (moments.length === 0) return null;
  return moments.map((moment) => {
    const time = formatTime(moment.startMs / 1000);
    const kind = t(`moments.kinds.${NAMED_KINDS.has(moment.kind) ? moment.kind : 'other'}`);
    return (
      <Anchor
        key={`${moment.kind}-${String(moment.startMs)}`}
        component={Link}
        to={momentHref(hit.id, moment)}
        size="xs"
        truncate="end"
        draggable={false}
        data-testid="hit-moment"
        title={t('moments.open', { time, kind })}
      >
        {/* The tile is narrow: the kind is in the link's name and its hint, the words on screen. */}
        {time} <VisuallyHidden>{kind}</VisuallyHidden>·{' '}
        <Highlighted text={moment.snippet} ranges={moment.highlights} />
      </Anchor>
    );
  });
}
