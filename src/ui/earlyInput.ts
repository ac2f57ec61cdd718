// What a visitor types or ticks on a prerendered page before the app has taken it over. Hydration
// resets every field to the app's state (empty), so the answers are noted as they are given and
// given again, through the app, once the fields are live: nothing typed early is lost.

interface EarlyAnswer {
  value?: string;
  checked?: boolean;
}

const answers = new Map<string, EarlyAnswer>();
let root: HTMLElement | null = null;

function note(event: Event): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !field.id) return;
  const ticks = field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');
  answers.set(field.id, ticks ? { checked: (field as HTMLInputElement).checked } : { value: field.value });
}

/** Starts noting answers given in `page` (the prerendered #root), before hydrating it. */
export function noteEarlyInput(page: HTMLElement): void {
  root = page;
  page.addEventListener('input', note, true);
  page.addEventListener('change', note, true);
}

/** Gives the noted answers again through the live fields, and stops noting. */
export function replayEarlyInput(): void {
  if (!root) return;
  root.removeEventListener('input', note, true);
  root.removeEventListener('change', note, true);
  root = null;
  for (const [id, answer] of answers) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    if (answer.checked !== undefined) {
      if ((field as HTMLInputElement).checked !== answer.checked) field.click();
    } else if (answer.value !== undefined && field.value !== answer.value) {
      // React listens for the input event and reads the value through the element's own setter.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, answer.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  answers.clear();
}
