// The product's documents a "read first" consent box offers (field `readFirst`): passed by the
// runner through the form's context, so the box can list them and stay disabled until each is open.

import type { Registry } from '@rjsf/utils';

export interface ProductDocument {
  name: string;
  title: string;
  text: string;
}

export interface ReadFirstDocuments {
  items: ProductDocument[];
  /** Names of the documents the visitor has opened (here or as panels earlier in the flow). */
  opened: readonly string[];
  onOpen: (name: string) => void;
}

export function documentsOf(registry: Registry): ReadFirstDocuments | undefined {
  const context: unknown = registry.formContext;
  return typeof context === 'object' && context !== null && 'documents' in context
    ? ((context as { documents?: ReadFirstDocuments }).documents ?? undefined)
    : undefined;
}
