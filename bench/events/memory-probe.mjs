/**
 * Loaded into the server by bench/events (`node --expose-gc --import ./memory-probe.mjs`): on
 * SIGUSR2 it collects garbage and writes process.memoryUsage() to MEMORY_PROBE_FILE, so the bench
 * can tell memory a stream really holds (heap after GC) from garbage not yet collected and from
 * what V8 keeps reserved (RSS). Nothing of it is in the shop itself.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
