import { Fragment } from 'react';

// Where an id must wrap, it wraps after one of its separators, as an operator reads it: never inside a word
// ("summer_gold-" / "rush_weekend" rather than "summer_g" / "old-rush"). Browsers break after a hyphen but
// not after _ . / or :, so those get a break opportunity; the column is at least as wide as the longest part.
const AFTER_SEPARATOR = /(?<=[-_./:])/;

/** An id (configuration, A/B-test, environment) that may wrap only at its separators. */
export function Identifier({ id }: { id: string }) {
  const parts = id.split(AFTER_SEPARATOR);
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {parts.map((part, index) => (
        // parts of an id have no identity beyond their place in it
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
