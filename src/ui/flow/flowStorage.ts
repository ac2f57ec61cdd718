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
