import { AppError } from "@/lib/errors";
import { createWorkQueue } from "@/lib/work-queue";

/** A promise the test settles when it lets a job finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const queueOf = (concurrency: number, maxWaiting: number) =>
  createWorkQueue({ concurrency, maxWaiting, retryAfterSeconds: 3, busyMessage: "Busy" });

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createWorkQueue", () => {
  it("runs at most `concurrency` jobs at once, the rest in arrival order", async () => {
    const queue = queueOf(2, 10);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(3);

    gates[1]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.open());
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(queue.active).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("refuses a request with 503 and Retry-After when the line is full, and runs nothing for it", async () => {
    const queue = queueOf(1, 2);
    const g = gate();
    const ran: string[] = [];
    const job = (name: string) => () => {
      ran.push(name);
      return g.opened;
    };
    const accepted = [queue.run(job("a")), queue.run(job("b")), queue.run(job("c"))];
    const refused = await queue.run(job("d")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: "Busy", extra: { retryAfter: 3 } });

    g.open();
    await Promise.all(accepted);
    expect(ran).toEqual(["a", "b", "c"]);
    // With the line empty again, requests are accepted.
    await expect(queue.run(async () => "e")).resolves.toBe("e");
  });

  it("keeps background work behind requests and never refuses it", async () => {
    const queue = queueOf(1, 1);
    const g = gate();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await g.opened;
    };
    const all = [
      queue.run(job("request 1")),
      queue.run(job("background 1"), { background: true }),
      queue.run(job("background 2"), { background: true }),
      queue.run(job("request 2")),
    ];
    expect(queue.waiting).toBe(3);
    g.open();
    await Promise.all(all);
    expect(order).toEqual(["request 1", "request 2", "background 1", "background 2"]);
  });

  it("frees the slot when a job fails", async () => {
    const queue = queueOf(1, 1);
    await expect(queue.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(queue.active).toBe(0);
    await expect(queue.run(async () => 1)).resolves.toBe(1);
  });
});
