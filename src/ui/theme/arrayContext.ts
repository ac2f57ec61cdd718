// What the array template tells its item cards: how items are named, the minimum count, and
// how to report a removal (for focus and the screen-reader announcement).

import { createContext } from 'react';

export interface ArrayItemsContext {
  /** "Όπλο" / "Gun": items are titled "Όπλο 1", "Όπλο 2" … */
  itemLabel: string | undefined;
  minItems: number;
  onRemove: (index: number, title: string) => void;
}

export const ArrayItemsContext = createContext<ArrayItemsContext>({
  itemLabel: undefined,
  minItems: 0,
  onRemove: () => {},
});
