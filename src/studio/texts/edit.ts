// One text set in a locale file by its dotted key, the file kept as the repository writes it
// (h3's JSON printer): only the line of the text changes. A key missing in this language is
// added, with the objects on its way.

import { type Json, parseJson, printJson } from '../editor/model/jsonText';
import { joinPointer } from '../editor/model/pointer';

export function setText(fileText: string | undefined, key: string, value: string): string {
  const { value: root, layout } = fileText
    ? parseJson(fileText)
    : { value: {} as Json, layout: { expanded: new Set<string>() } };
  const parts = key.split('.');
  const next = structuredClone(root) as Json;
  let node = next as { [k: string]: Json } | Json[];
  for (const part of parts.slice(0, -1)) {
    const container = node as { [k: string]: Json };
    const child = container[part];
    if (child === null || typeof child !== 'object') container[part] = {};
    node = container[part] as { [k: string]: Json };
  }
  (node as { [k: string]: Json })[parts[parts.length - 1]] = value;
  if (!fileText) layout.expanded.add(joinPointer([]));
  return printJson(next, layout);
}
