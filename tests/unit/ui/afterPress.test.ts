// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterPress } from '../../../src/ui/theme/afterPress';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reveals while a button is pressed', () => {
  it('runs at once when nothing is pressed (keyboard, touch)', () => {
    let ran = 0;
    afterPress(() => ran++);
    expect(ran).toBe(1);
  });

  it('waits for the click that ends a press, so the button does not move under the pointer', async () => {
    const order: string[] = [];
    window.addEventListener('click', () => order.push('click'), { once: true });
    window.dispatchEvent(new Event('pointerdown'));
    afterPress(() => order.push('reveal'));
    afterPress(() => order.push('second reveal'));
    expect(order).toEqual([]);
    window.dispatchEvent(new Event('pointerup'));
    window.dispatchEvent(new Event('click'));
    expect(order).toEqual(['click']);
    await nextTask();
    expect(order).toEqual(['click', 'reveal', 'second reveal']);
  });

  it('a cancelled press (a scroll gesture) releases the reveals too', async () => {
    let ran = 0;
    window.dispatchEvent(new Event('pointerdown'));
    afterPress(() => ran++);
    window.dispatchEvent(new Event('pointercancel'));
    await nextTask();
    expect(ran).toBe(1);
  });
});
