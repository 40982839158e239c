// The custom-metadata part of bench/search.ts (issue 12 §3): a form of 20 fields (text, choice,
// date, checkbox), each item's values, and queries that filter by one or two fields with and
// without words.
import { newField, newForm, newUsageContext, type FieldType, type MetadataForm } from '@skald/domain';

export interface Randomness {
  random: () => number;
  pick: <T>(xs: readonly T[]) => T;
  between: (lo: number, hi: number) => number;
  /** A word of the bench's Zipf-ranked vocabulary. */
  word: () => string;
}

const DAY_MS = 24 * 3600 * 1000;
const FIRST_DAY = Date.parse('2024-01-01T00:00:00Z');
const DAYS = 3 * 365;

const choices = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: `${prefix}${i + 1}`, label: `${prefix} ${i + 1}` }));

const TEXT = ['source', 'photographer', 'location', 'story', 'people', 'notes'];
const CHOICE: Record<string, number> = { category: 10, rights: 5, language: 4, desk: 20, priority: 3 };
const DATE = ['embargo', 'shot', 'expires', 'published', 'reviewed'];
const CHECKBOX = ['approved', 'archived', 'restricted', 'verified'];
const PHOTOGRAPHERS = Array.from({ length: 200 }, (_, i) => `Fotograf${i} Hansen`);

/**
 * The bench's form: 6 text, 5 choice, 5 date and 4 checkbox fields; the dates sortable; one usage
 * rule, web use for two years from ingest (items are created over three years: a third expired).
 */
export function benchForm(): MetadataForm {
  const field = (id: string, type: FieldType) => newField(id, id.charAt(0).toUpperCase() + id.slice(1), type);
  return {
    ...newForm('desk', 'Desk metadata'),
    fields: [
      ...TEXT.map((id) => field(id, 'Text')),
      ...Object.entries(CHOICE).map(([id, n]) => ({ ...field(id, 'Choice'), alternatives: choices(id, n) })),
      ...DATE.map((id) => ({ ...field(id, 'Date'), sortable: true })),
      ...CHECKBOX.map((id) => field(id, 'Checkbox')),
    ],
    usageRules: [
      {
        identifier: { key: 'web', label: 'Web' },
        contexts: [
          {
            ...newUsageContext('Web'),
            validity: {
              from: { offsetFrom: 'forever' },
              to: { offsetFrom: 'ingest_time', untilNumberOfDays: 730 },
            },
          },
        ],
      },
    ],
  };
}

const day = (r: Randomness) => new Date(FIRST_DAY + r.between(0, DAYS) * DAY_MS).toISOString().slice(0, 10);
const words = (r: Randomness, lo: number, hi: number) =>
  Array.from({ length: r.between(lo, hi) }, r.word).join(' ');

/** One item's values of the bench form (every field filled). */
export function benchValues(r: Randomness): Record<string, unknown> {
  return {
    source: words(r, 1, 2),
    photographer: r.pick(PHOTOGRAPHERS),
    location: words(r, 1, 2),
    story: words(r, 3, 8),
    people: words(r, 1, 3),
    notes: words(r, 2, 6),
    ...Object.fromEntries(Object.entries(CHOICE).map(([id, n]) => [id, `${id}${r.between(1, n)}`])),
    ...Object.fromEntries(DATE.map((id) => [id, day(r)])),
    ...Object.fromEntries(CHECKBOX.map((id, i) => [id, r.random() < 0.2 + i * 0.15])),
  };
}

/** One query of the mix: its search string and any other parameters (`&usage=…`). */
export interface MixQuery {
  kind: string;
  search: string;
  params?: string;
}

const USAGE = ['valid', 'expiring', 'expired'] as const;

/**
 * Queries by one or two fields, with and without words (`word` should be a frequent one), and by
 * usage state.
 */
export function metadataMix(r: Randomness, phrases: readonly string[]): MixQuery[] {
  const mix: MixQuery[] = [];
  const month = () => {
    const from = day(r);
    const to = new Date(Date.parse(from) + 30 * DAY_MS).toISOString().slice(0, 10);
    return { from, to };
  };
  for (let i = 0; i < 40; i++) {
    const { from, to } = month();
    mix.push(
      { kind: 'choice', search: `category:category${r.between(1, 10)}` },
      { kind: 'rare choice', search: `desk:desk${r.between(1, 20)}` },
      { kind: 'checkbox', search: `restricted:${r.random() < 0.5 ? 'true' : 'false'}` },
      { kind: 'date range', search: `embargo:>=${from} embargo:<${to}` },
      { kind: 'date before', search: `expires:<${day(r)}` },
      { kind: 'text field word', search: `photographer:fotograf${r.between(0, 199)}` },
      { kind: 'text field phrase', search: `story:"${r.pick(phrases)}"` },
      { kind: 'two fields', search: `category:category${r.between(1, 10)} approved:true` },
      { kind: 'choice + date', search: `rights:rights${r.between(1, 5)} shot:<${day(r)}` },
      { kind: 'word + field', search: `${r.word()} language:language${r.between(1, 4)}` },
      {
        kind: 'words + two fields',
        search: `${r.word()} ${r.word()} priority:priority${r.between(1, 3)} verified:true`,
      },
      { kind: 'usage', search: '', params: `&usage=${r.pick(USAGE)}` },
      {
        kind: 'field + usage',
        search: `category:category${r.between(1, 10)}`,
        params: `&usage=${r.pick(USAGE)}`,
      },
    );
  }
  return mix;
}
