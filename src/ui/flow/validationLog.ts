// Failed field validations, reported to /zcp/log/validations for the product team's statistics:
// which flow, substep, field and rule — never the value typed. Entries are batched (one request
// per few seconds, at most the service's batch of 20), sent in the background, and dropped on any
// failure: the log never blocks or bothers the visitor.

import i18next from 'i18next';
import type { ValidationLogEntry } from '../../api/types';
import { logValidation } from '../../api/zcp';

const FLUSH_AFTER_MS = 4000;
const MAX_BATCH = 20;
const MAX_QUEUE = 100;

let queue: ValidationLogEntry[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function takeBatch(): ValidationLogEntry[] {
  const batch = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  return batch;
}

function flush(): void {
  timer = undefined;
  const batch = takeBatch();
  if (batch.length === 0) return;
  logValidation({ ENTRIES: batch }, { quiet: true }).catch(() => undefined);
  if (queue.length > 0) timer = setTimeout(flush, FLUSH_AFTER_MS);
}

/** On leaving the page the rest goes by beacon, which the browser sends after the page is gone. */
function flushOnExit(): void {
  if (document.visibilityState !== 'hidden' || queue.length === 0) return;
  if (timer) clearTimeout(timer);
  timer = undefined;
  const batch = takeBatch();
  const body = new Blob([JSON.stringify({ ENTRIES: batch })], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/zcp/log/validations', body)) queue = [...batch, ...queue];
}

let listening = false;

export function reportValidationFailures(
  flowId: string,
  substepId: string,
  failures: readonly { path: string; key: string }[],
): void {
  if (typeof window === 'undefined' || failures.length === 0) return;
  if (!listening) {
    document.addEventListener('visibilitychange', flushOnExit);
    listening = true;
  }
  const language = i18next.language ?? '';
  for (const f of failures) {
    if (queue.length >= MAX_QUEUE) break;
    queue.push({ FLOW_ID: flowId, STEP: substepId, FIELD: f.path, RULE: f.key, LANGUAGE: language });
  }
  timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}
