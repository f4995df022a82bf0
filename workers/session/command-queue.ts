/**
 * One command at a time per device, in arrival order, so two front ends never interleave their
 * touches or read a half-changed screen. Each command carries an AbortSignal (its deadline, its
 * lease ending, the session closing): aborted while waiting, it leaves the queue without ever
 * running; aborted while running, its caller is answered at once while the device stays with it
 * until its work has wound down (a cut gesture lifts its fingers first), so the next command
 * never starts on top of it. A task that ignores the signal keeps the device at most `windDownMs`.
 */
export class CommandQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly windDownMs: number) {}

  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const previous = this.tail;
    let endTurn!: () => void;
    const turn = new Promise<void>((resolve) => (endTurn = resolve));
    this.tail = previous.then(() => turn);
    return new Promise<T>((resolve, reject) => {
      let started = false;
      const onAbort = () => {
        reject(signal.reason);
        if (!started) endTurn();
        else setTimeout(endTurn, this.windDownMs).unref();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      void previous.then(() => {
        if (signal.aborted) return;
        started = true;
        task()
          .then(resolve, reject)
          .finally(() => {
            signal.removeEventListener('abort', onAbort);
            endTurn();
          });
      });
    });
  }
}
