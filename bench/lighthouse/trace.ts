/**
 * bench/lighthouse/trace.ts: what the main thread does while a page starts, under a real 4× CPU
 * slowdown (not Lighthouse's simulation): every task over 50 ms until the app has taken the page
 * over and the page is quiet, with what took the time inside it (script evaluation by file,
 * function calls, style, layout, parsing), so a long task names its cause.
 * Needs a running server: TRACE_ORIGIN (default http://127.0.0.1:4343). Run:
 *   node --import tsx bench/lighthouse/trace.ts /products [/cart ...]   (TRACE_RATE=4, TRACE_OUT=dir keeps the traces)
 * Each page is followed by its control: the same HTML with its scripts taken out (TRACE_CONTROL=0 skips it),
 * its long tasks counted over the same window, so the browser's own work on the page is told from the app's.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright';
import { startControl } from './control-page.ts';

const dist = path.resolve(process.env.TRACE_DIST ?? path.join(import.meta.dirname, '../../apps/web/dist'));
const maps = new Map<string, TraceMap | null>();
/** `file:line name` in the source, from the build's hidden source map (apps/web/vite.config.ts). */
function original(url: string, line: number, column: number, name: string): string {
  const file = url.replace(/^https?:\/\/[^/]+\//, '');
  if (!maps.has(file)) {
    const map = path.join(dist, `${file}.map`);
    maps.set(file, existsSync(map) ? new TraceMap(readFileSync(map, 'utf8')) : null);
  }
  const map = maps.get(file);
  const short = file.replace(/^assets\//, '');
  if (!map) return `${name || '(anonymous)'} ${short}:${line + 1}:${column + 1}`;
  const pos = originalPositionFor(map, { line: line + 1, column });
  if (!pos.source) return `${name || '(anonymous)'} ${short}`;
  const source = pos.source.replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '');
  return `${pos.name ?? name ?? '(anonymous)'} ${source}:${pos.line}`;
}

/** Trace events worth naming inside a long task, besides script. */
const RENDERING = new Set(
  'UpdateLayoutTree Layout ParseHTML Paint PrePaint Layerize TimerFire FireAnimationFrame EventDispatch MajorGC MinorGC ParseAuthorStyleSheet HitTest ResourceSendRequest RunMicrotasks'.split(
    ' ',
  ),
);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const origin = process.env.TRACE_ORIGIN ?? 'http://127.0.0.1:4343';
const rate = Number(process.env.TRACE_RATE ?? 4);
const out = process.env.TRACE_OUT;
const pages = process.argv.slice(2);
if (pages.length === 0) pages.push('/products');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});

/** Script, or the browser's own parse, style, layout and paint: whichever took more of a task. */
function taskKind(inside: TraceEvent[]): 'script' | 'page' {
  let script = 0;
  let page = 0;
  for (const e of inside) {
    if (['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'RunMicrotasks'].includes(e.name)) script += e.dur!;
    else if (RENDERING.has(e.name)) page += e.dur!;
  }
  return script > page ? 'script' : 'page';
}

try {
  for (const url of pages) {
    const shop = await traceOne(`${origin}${url}`, url, true);
    // The same HTML, styles and pictures with no script, in the same minute: the long tasks a page of
    // this size costs the browser by itself, so the shop's own are the ones left over.
    if (process.env.TRACE_CONTROL !== '0') {
      const control = await startControl(origin, url);
      try {
        await traceOne(control.url, `${url} control (no JS)`, false, shop.readyAt);
      } finally {
        await control.close();
      }
    }
  }
} finally {
  await browser.close();
}

/**
 * One traced visit. `untilMs` bounds the window for a page that never marks itself ready (the control):
 * its long tasks are counted up to the moment the shop's page was ready.
 */
async function traceOne(fullUrl: string, url: string, waitForApp: boolean, untilMs?: number): Promise<{ readyAt?: number }> {
  {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(fullUrl, { waitUntil: 'load' });
    // Taken over: a server-rendered root loses `data-pending`; then let it settle. Asked through the
    // DevTools protocol with one observer rather than Playwright's waitForFunction, whose injected
    // script is evaluated in the page (a 60 ms task of its own at 4×) and polls while it waits.
    if (waitForApp) {
      const takenOver = `new Promise((resolve) => {
        const root = document.getElementById('root');
        const done = () => root !== null && !root.hasAttribute('data-pending') && root.childElementCount > 0;
        if (done()) return resolve(true);
        if (root) new MutationObserver((_, o) => { if (done()) { o.disconnect(); resolve(true); } }).observe(root, { attributes: true, attributeFilter: ['data-pending'] });
        setTimeout(() => resolve(false), 30000);
      })`;
      const answer = (await cdp.send('Runtime.evaluate', {
        expression: takenOver,
        awaitPromise: true,
        returnByValue: true,
      })) as unknown as {
        result: { value?: boolean };
      };
      if (answer.result.value !== true) console.log(`  ${url}: not taken over within 30 s`);
    }
    await page.waitForTimeout(1500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const buffer = await browser.stopTracing();
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const samples: { ts: number; node: ProfileNode }[] = [];
    let ts = profile.startTime;
    profile.samples.forEach((id, i) => {
      ts += profile.timeDeltas[i]!;
      samples.push({ ts, node: nodes.get(id)! });
    });
    const wall = Date.now() - t0;
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, `${url.replace(/\W+/g, '_') || 'home'}.trace.json`), buffer);
      writeFileSync(path.join(out, `${url.replace(/\W+/g, '_') || 'home'}.cpuprofile`), JSON.stringify(profile));
    }
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    // The page's renderer main thread.
    const threadNames = traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const navStart = traceEvents.find(
      (e) => e.name === 'navigationStart' && e.args?.data && (e.args.data as { isLoadingMainFrame?: boolean }).isLoadingMainFrame,
    );
    const main = navStart ? { pid: navStart.pid, tid: navStart.tid } : threadNames[0]!;
    const onMain = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
    const start = navStart?.ts ?? Math.min(...onMain.map((e) => e.ts));
    // Top-level tasks only (RunTask; some builds nest ThreadControllerImpl::RunTask in it).
    const taskName = onMain.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
    const tasks = onMain.filter((e) => e.name === taskName).sort((a, b) => a.ts - b.ts);
    const long = tasks.filter((t) => t.dur! > 50_000);
    const blocking = tasks.reduce((s, t) => s + Math.max(0, t.dur! / 1000 - 50), 0);
    const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
    // The app marks the moment it has taken the page over (apps/web/src/app/router.tsx).
    const ready = traceEvents.find((e) => e.name === 'app-ready' && e.pid === main.pid);
    const readyAt = ready ? (ready.ts - start) / 1000 : undefined;
    const until = ready ? ready.ts : untilMs !== undefined ? start + untilMs * 1000 : undefined;
    const before = until !== undefined ? tasks.filter((t) => t.ts < until && t.dur! > 50_000) : [];
    const insideOf = (t: TraceEvent) => onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
    const scriptTasks = before.filter((t) => taskKind(insideOf(t)) === 'script').length;
    const window = ready
      ? `app ready ${Math.round(readyAt!)} ms`
      : untilMs !== undefined
        ? `in the shop's first ${Math.round(untilMs)} ms`
        : 'app ready not marked';
    console.log(
      `${url}: ${rate}x CPU, ${tasks.length} tasks, ${long.length} over 50 ms, blocking ${Math.round(blocking)} ms (sum over 50 ms of every task), FCP ${fcp ? Math.round((fcp.ts - start) / 1000) : '?'} ms, ${window}${until !== undefined ? ` with ${before.length} tasks over 50 ms before it (${scriptTasks} mostly script, ${before.length - scriptTasks} mostly parse, style, layout and paint; longest ${Math.round(Math.max(0, ...before.map((t) => t.dur!)) / 1000)} ms)` : ''}, wall ${wall} ms`,
    );
    for (const t of long) {
      const inside = insideOf(t);
      const sum = new Map<string, number>();
      const add = (k: string, d: number) => sum.set(k, (sum.get(k) ?? 0) + d);
      for (const e of inside) {
        const d = e.args?.data ?? e.args?.beginData ?? {};
        const file = String(d.url ?? '').replace(/^.*\//, '');
        if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') add(`evaluate ${file || d.functionName || ''}`, e.dur!);
        else if (e.name === 'v8.compile' || e.name === 'v8.compileModule') add(`compile ${file}`, e.dur!);
        else if (e.name === 'FunctionCall') add(`call ${d.functionName || '(anonymous)'} ${file}`, e.dur!);
        else if (RENDERING.has(e.name))
          add(e.name + (e.name === 'UpdateLayoutTree' ? ` (${(d as { elementCount?: number }).elementCount ?? '?'} el)` : ''), e.dur!);
      }
      const top = [...sum.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`  task at ${Math.round((t.ts - start) / 1000)} ms: ${Math.round(t.dur! / 1000)} ms`);
      for (const [k, d] of top) console.log(`      ${String(Math.round(d / 1000)).padStart(5)} ms  ${k}`);
      // Self time by function (sampled), named from the source maps.
      const self = new Map<string, number>();
      const inTask = samples.filter((x) => x.ts >= t.ts && x.ts <= t.ts + t.dur!);
      for (let i = 1; i < inTask.length; i++) {
        const { callFrame: f } = inTask[i]!.node;
        const key = f.url ? original(f.url, f.lineNumber, f.columnNumber, f.functionName) : f.functionName || '(native)';
        self.set(key, (self.get(key) ?? 0) + (inTask[i]!.ts - inTask[i - 1]!.ts));
      }
      for (const [k, d] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TRACE_TOP ?? 12)))
        console.log(`      ${String(Math.round(d / 1000)).padStart(5)} ms  self ${k}`);
    }
    await context.close();
    return { readyAt };
  }
}
