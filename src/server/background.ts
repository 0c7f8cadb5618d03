/** Something a module runs in the background: started once, stopped by the module's close hook. */
export type BackgroundWork = { start(): void };

/**
 * The background work of the app's modules (the poller, webhook deliveries, retention jobs): each
 * module adds its own; main.ts starts them all where polling runs (PROCESS_MODE all or worker),
 * so a new module's work needs no line in main.ts.
 */
export function backgroundRegistry() {
  const work = new Map<string, BackgroundWork>();
  return {
    add(name: string, w: BackgroundWork) {
      if (work.has(name)) throw new Error(`background work "${name}" is added twice`);
      work.set(name, w);
    },
    /** The names added, in order. */
    names: () => [...work.keys()],
    start() {
      for (const w of work.values()) w.start();
    },
  };
}
export type BackgroundRegistry = ReturnType<typeof backgroundRegistry>;
