// A message revealed when a field is left can push the button being pressed (Continue, Add)
// away from under the pointer: the press ends on another element and the click is lost. While
// a pointer is pressed, reveals wait until the click that ends the press has been handled.
// (A tap on a touch screen picks its target once, so it needs no waiting, and gets none: its
// pointerup comes before the blur.)

let pressed = false;
let waiting: (() => void)[] = [];

function release() {
  pressed = false;
  // After this task's mouseup and click handlers.
  setTimeout(() => {
    const run = waiting;
    waiting = [];
    for (const reveal of run) reveal();
  }, 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** Runs `reveal` now, or after the click that ends the current press. */
export function afterPress(reveal: () => void): void {
  if (pressed) waiting.push(reveal);
  else reveal();
}
