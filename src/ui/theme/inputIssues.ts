// What a widget holds but cannot turn into a value yet: "05/0" in a date, "12,5" in an amount.
// The widget keeps the text (nothing typed is lost), emits `undefined`, and reports the issue
// here. RJSF's own validation never sees the text, so the FlowRunner asks this registry before
// it moves on: `formContext={{ inputIssues }}` and `inputIssues.revealAll()` on "Next".

export interface InputIssue {
  /** Key in the `ui` namespace, e.g. "date.incomplete". */
  key: string;
  params?: Record<string, string | number>;
  /** Shown at the field now; an issue found while typing waits for blur (or revealAll). */
  visible: boolean;
}

export interface InputIssues {
  /** Records (or, with `undefined`, clears) the issue of the field with this id. */
  report(id: string, issue: InputIssue | undefined, reveal: () => void): void;
  /** Ids of the fields that hold text that is not a value, in document order when there is a document. */
  pending(): string[];
  /** Shows every pending issue at its field and returns the first field's id, if any. */
  revealAll(): string | undefined;
}

function documentOrder(ids: string[]): string[] {
  if (typeof document === 'undefined') return ids;
  const position = (id: string) => document.getElementById(id);
  return [...ids].sort((a, b) => {
    const ea = position(a);
    const eb = position(b);
    if (!ea || !eb) return 0;
    return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

export function createInputIssues(): InputIssues {
  const reveals = new Map<string, () => void>();
  const pending = () => documentOrder([...reveals.keys()]);
  return {
    report(id, issue, reveal) {
      if (issue) reveals.set(id, reveal);
      else reveals.delete(id);
    },
    pending,
    revealAll() {
      for (const reveal of reveals.values()) reveal();
      return pending()[0];
    },
  };
}

export function isInputIssues(x: unknown): x is InputIssues {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as InputIssues).report === 'function' &&
    typeof (x as InputIssues).revealAll === 'function'
  );
}
