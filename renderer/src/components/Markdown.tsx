import ReactMarkdown from 'react-markdown';

/**
 * Markdown written by a lead, rendered as React elements: raw HTML in the text is dropped (`skipHtml`), never
 * injected, and react-markdown's default URL filter removes `javascript:` and other unsafe links.
 */
export function Markdown(props: { text: string; testId?: string }) {
  return (
    <div className="markdown" data-testid={props.testId}>
      <ReactMarkdown skipHtml components={{ a: (p) => <a href={p.href} title={p.title} target="_blank" rel="noreferrer noopener">{p.children}</a> }}>
        {props.text}
      </ReactMarkdown>
    </div>
  );
}
