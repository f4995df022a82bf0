/**
 * One command at a time per device: a second command waits for the first to finish, so
 * two front ends never interleave their touches or read a half-changed screen.
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The next task waits for this one whatever its outcome.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
