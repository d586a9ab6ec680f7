import { useMemo, type ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import { codeBlocks, type TCodeBlock } from "../utils/code-blocks";
import { safeUrl } from "../utils/safe-url";

interface AssistantMarkdownProps {
  content: string;
  /** Renders a fenced code block with its actions (Copy, Insert at cursor, Apply). */
  renderBlock: (block: TCodeBlock) => ReactNode;
}

/**
 * An answer as sanitised Markdown: raw HTML is dropped (never parsed into the page),
 * links are limited to http(s)/mailto and open with rel="noopener noreferrer".
 */
export function AssistantMarkdown({ content, renderBlock }: AssistantMarkdownProps) {
  const blocks = useMemo(() => codeBlocks(content), [content]);
  const components = useMemo<Components>(
    () => ({
      a: ({ href, children }) =>
        href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="text-indigo-300 underline">
            {children}
          </a>
        ) : (
          <span>{children}</span>
        ),
      pre: ({ node, children }) => {
        const block = blocks.find((b) => b.line === node?.position?.start.line);
        // A block still streaming (no closing fence yet) renders plainly until it is complete.
        return block ? <>{renderBlock(block)}</> : <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs">{children}</pre>;
      },
      img: ({ alt }) => <span>{alt}</span>,
    }),
    [blocks, renderBlock],
  );
  return (
    <div className="assistant-markdown space-y-2 text-sm leading-relaxed break-words text-slate-200 [&_code]:font-mono [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc">
      <Markdown skipHtml urlTransform={safeUrl} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
