import "server-only";
import { AppError } from "@/lib/errors";

export type WorkQueue = {
  /**
   * Runs `work` when a slot is free. A request waits in a bounded line and is refused with a 503
   * (Retry-After) when the line is full; background work waits, unbounded, behind every request.
   */
  run<T>(work: () => Promise<T>, options?: { background?: boolean }): Promise<T>;
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly active: number;
  readonly waiting: number;
};

/** Bounds how much of an expensive kind of work runs at once, and how much waits for it. */
export function createWorkQueue({
  concurrency,
  maxWaiting,
  retryAfterSeconds,
  busyMessage,
}: {
  concurrency: number;
  maxWaiting: number;
  retryAfterSeconds: number;
  busyMessage: string;
}): WorkQueue {
  let active = 0;
  const requests: (() => void)[] = [];
  const background: (() => void)[] = [];

  const acquire = async ({ isBackground }: { isBackground: boolean }) => {
    if (active < concurrency) {
      active++;
      return;
    }
    if (!isBackground && requests.length >= maxWaiting) {
      throw new AppError(503, busyMessage, { retryAfter: retryAfterSeconds });
    }
    // The releasing job hands its slot over: `active` stays the same.
    await new Promise<void>((resolve) => (isBackground ? background : requests).push(resolve));
  };

  const release = () => {
    const next = requests.shift() ?? background.shift();
    if (next) next();
    else active--;
  };

  return {
    concurrency,
    maxWaiting,
    async run(work, { background: isBackground = false } = {}) {
      await acquire({ isBackground });
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return requests.length + background.length;
    },
  };
}
