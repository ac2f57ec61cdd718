// Lazily loaded areas (spec §2): a chunk gets 120 s to arrive; a chunk that fails or times out
// shows a visible, translated error with a retry, not a blank screen.

import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from './layout/Loader';

export const LAZY_TIMEOUT_MS = 120_000;

/**
 * A promise React's `use` reads without suspending once it has settled: marked the way React marks
 * the promises it has seen. A first render that finds its data already loaded (a hydrated
 * prerendered page) then draws at once instead of suspending, which would let a parent's update
 * reach the part still being hydrated and have it drawn afresh (a flash and a layout shift).
 */
export function trackedPromise<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}

export class ChunkLoadError extends Error {
  readonly timedOut: boolean;
  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'A lazily loaded area took too long to load' : 'A lazily loaded area failed to load', {
      cause,
    });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(false, error));
      },
    );
  });
}

// Areas whose load failed, each with a way to forget the failure. They stay failed (and their
// error stays on screen) until the visitor presses retry, which resets them all.
const failedAreas = new Set<() => void>();

/** Lets every failed area try its chunk again on its next render. */
export function resetFailedAreas(): void {
  for (const reset of failedAreas) reset();
  failedAreas.clear();
}

/**
 * React.lazy with a time limit. A failed load shows its error until retried (resetFailedAreas),
 * then the chunk is asked for again.
 */
export function lazyWithTimeout<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = LAZY_TIMEOUT_MS,
): ComponentType<P> {
  let failures = 0;
  const make = () =>
    lazy(() =>
      withTimeout(factory(), timeoutMs).catch((error: unknown) => {
        failures++;
        // Chromium keeps a failed module fetch in its module map, so asking again for the same
        // chunk fails at once however well the network is now. A retry that failed to fetch loads
        // the page afresh instead (same address; a flow's answers are in sessionStorage).
        if (
          failures > 1 &&
          error instanceof ChunkLoadError &&
          !error.timedOut &&
          typeof window !== 'undefined'
        ) {
          window.location.reload();
          return new Promise<never>(() => {});
        }
        failedAreas.add(() => {
          current = make();
        });
        throw error;
      }),
    );
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: one component per area, made once at module load, never during render.
  function LazyArea(props: P) {
    const Area = current as unknown as ComponentType<P>;
    return <Area {...props} />;
  }
  return LazyArea;
}

/** A named export of a lazily imported module, as React.lazy wants it. */
export function lazyNamed<P extends object, K extends string>(
  factory: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  timeoutMs?: number,
): ComponentType<P> {
  return lazyWithTimeout(() => factory().then((m) => ({ default: m[name] })), timeoutMs);
}

export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const key =
    error instanceof ChunkLoadError
      ? error.timedOut
        ? 'loadError.timeout'
        : 'loadError.chunk'
      : 'loadError.generic';
  return (
    <div className="load-error" role="alert">
      <p>{t(key)}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('loadError.retry')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry?: () => void;
}

export class AreaErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Area failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    resetFailedAreas();
    if (this.props.onRetry) this.props.onRetry();
    else this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <LoadError error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}

/** Error boundary and Suspense around a lazily loaded area; retry remounts it. */
export function LazyBoundary({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <AreaErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<DelayedLoader />}>{children}</Suspense>
    </AreaErrorBoundary>
  );
}
