import { useMemo } from 'react';
import ReactMarkdown from 'react-markdown';
import { markdownOverBounds } from '@shared/domain/markdown-bounds';

/**
 * Markdown written by a lead, rendered as React elements: raw HTML in the text is dropped (`skipHtml`), never
 * injected, and react-markdown's default URL filter removes `javascript:` and other unsafe links. Text over the
 * parser's bounds (deep nesting, runs of unfinished links) is shown as it was typed, as plain text, with a notice:
 * parsing it could freeze or crash the screen it sits on.
 */
export function Markdown(props: { text: string; testId?: string }) {
  const over = useMemo(() => markdownOverBounds(props.text), [props.text]);
  if (over) {
    return (
      <div className="markdown" data-testid={props.testId}>
        <p className="muted" data-testid="markdown.plain">Shown as plain text: {over}.</p>
        <pre className="markdown-plain">{props.text}</pre>
      </div>
    );
  }
  return (
    <div className="markdown" data-testid={props.testId}>
      <ReactMarkdown skipHtml components={{ a: (p) => <a href={p.href} title={p.title} target="_blank" rel="noreferrer noopener">{p.children}</a> }}>
        {props.text}
      </ReactMarkdown>
    </div>
  );
}
