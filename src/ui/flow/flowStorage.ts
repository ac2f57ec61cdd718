// Where running flows keep their snapshots (sessionStorage), without pulling in the engine: the
// language switch and the payment completion page clear them.

export const FLOW_STORAGE_PREFIX = 'flow:';

export function flowStorageKey(flowId: string, variant: string | undefined): string {
  return `${FLOW_STORAGE_PREFIX}${flowId}${variant ? `:${variant}` : ''}`;
}

/** Forgets every flow's answers (language switch, a paid policy). */
export function clearStoredFlows(): void {
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(FLOW_STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

const PAYING_KEY = 'payment:flow';

/** Notes which flow sent the visitor to the card provider, for the completion page's "try again". */
export function rememberPayingFlow(flowId: string): void {
  try {
    sessionStorage.setItem(PAYING_KEY, flowId);
  } catch {
    // Storage disabled: the completion page falls back to the product id alone.
  }
}

export function payingFlow(): string | null {
  try {
    return sessionStorage.getItem(PAYING_KEY);
  } catch {
    return null;
  }
}
