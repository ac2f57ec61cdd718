// Stands in for `markdown-to-jsx/react` inside @rjsf/core (vite.config.ts, build only). RJSF renders
// markdown only on paths our flows do not take (markdown descriptions and help, the file widget,
// schema configuration errors), yet its static import put ~28 KB gz of markdown parser into every
// form's first paint. Here the parser is a lazy chunk, fetched the first time one of those paths
// renders.

import { type ComponentProps, createElement, lazy, Suspense } from 'react';

type MarkdownProps = ComponentProps<typeof import('markdown-to-jsx/react').Markdown>;

const RealMarkdown = lazy(() => import('markdown-to-jsx/react').then((m) => ({ default: m.Markdown })));

export function Markdown(props: MarkdownProps) {
  return createElement(Suspense, { fallback: null }, createElement(RealMarkdown, props));
}

export default Markdown;
