import { Link } from '@mui/material';
import Markdown, { type Components } from 'react-markdown';
import { safeHref } from './chatModel.ts';
import { linkify } from './messageLinks.ts';

const components: Components = {
  // Links leave the app in a new tab, without access back to it.
  a: ({ href, children }) => {
    const target = href ? safeHref(href) : undefined;
    if (!target) return <span>{children}</span>;
    return (
      <Link
        href={target}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ color: 'inherit', textDecoration: 'underline' }}
      >
        {children}
      </Link>
    );
  },
  // Images in text are not loaded from elsewhere: media messages carry our own uploads.
  img: ({ alt }) => <span>{alt}</span>,
  // A line break typed with Shift+Enter stays a line break (markdown would join the lines).
  p: ({ children }) => <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{children}</p>,
};

/**
 * A message's markdown, rendered safely: raw HTML is shown as text (react-markdown never renders
 * it without a plugin), addresses in the text become links (messageLinks.ts), only http(s) and
 * mailto links are followed, scheme-less ones get http://.
 */
export function MessageText({ text }: { text: string }) {
  return <Markdown components={components}>{linkify(text)}</Markdown>;
}
