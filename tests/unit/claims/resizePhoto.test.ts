// The browser's resizing of claim photos: the longest edge comes down to 2560 px, the shape is
// kept, and a photo already small enough is never enlarged.

import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_EDGE } from '../../../src/ui/widgets/resizePhoto';

describe('fitWithin', () => {
  it('brings a 4032 × 3024 phone photo to 2560 × 1920', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: MAX_EDGE, height: 1920 });
  });
  it('brings a portrait photo down by its height', () => {
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: MAX_EDGE });
  });
  it('leaves a small photo as it is', () => {
    expect(fitWithin(1280, 960)).toEqual({ width: 1280, height: 960 });
  });
});
