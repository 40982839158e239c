import { Fragment } from 'react';
import type { HighlightRange } from '../../api/search.ts';
import { highlightSegments } from './highlight.ts';

/** A title or description with the search's matches in <mark>. */
export function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: readonly HighlightRange[] | undefined;
}) {
  if (!ranges || ranges.length === 0) return text;
  return highlightSegments(text, ranges).map((segment, index) =>
    segment.marked ? (
      <mark key={index}>{segment.text}</mark>
    ) : (
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
