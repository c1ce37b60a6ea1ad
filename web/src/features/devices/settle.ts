/**
 * Waits for a value to settle: every push restarts the wait, and only the last value is sent
 * once nothing changed for `delayMs`. Arrow keys on a slider then send one command, not one per
 * key press. `flush` sends a waiting value at once (pointer released, focus left).
 */
export function createSettler<T>(
  delayMs: number,
  onSettle: (value: T) => void,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: { value: T } | null = null;
  const fire = () => {
    timer = null;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    onSettle(value);
  };
  return {
    push(value: T) {
      waiting = { value };
      if (timer !== null) timers.clear(timer);
      timer = timers.set(fire, delayMs);
    },
    flush() {
      if (timer !== null) timers.clear(timer);
      fire();
    },
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      waiting = null;
    },
  };
}
