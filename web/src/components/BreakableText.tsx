import { Fragment } from 'react';

/**
 * An e-mail address, phone number or similar token that may wrap: a line break is offered after
 * each `@`, `.`, `-`, `_`, `+` and `/` (sensible points), and `overflow-wrap: anywhere` on the
 * container remains the fallback for a part longer than the line.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.\-_+/])/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
