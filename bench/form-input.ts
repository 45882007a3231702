/**
 * The booking form as a member fills a long booking in: a draft of 50 container lines (50
 * commodities) opened for editing in Debian's Chromium with the CPU slowed 4×, then 30 characters
 * typed, one every 120 ms as a person types, into the commodity of the last line and into the
 * booking's own reference. Each keystroke's input-to-paint latency is what the page itself reports
 * (the Event Timing API: from the key's press to the next frame painted after its handlers, the
 * largest of its keydown, keypress, input and keyup). Events that took under 16 ms are not reported
 * by the browser and count as 16 ms. In both languages, at 1366 px, in Asia/Shanghai.
 */
import { type Browser, type Page } from 'playwright-core';
import { getJson, percentile, type Row, sendJson } from './lib.js';
import { PROFILE } from './first-load.js';

const LINES = 50;
const TYPED = 'BLUE COTTON T-SHIRTS 100 PCT';
const KEY_GAP_MS = 120;
/** Below this the Event Timing API reports nothing. */
const UNREPORTED_MS = 16;

type List<T> = { lists: T[] };

/** A draft FCL booking of `LINES` container lines by the demo customer: its id. */
async function longDraft(baseUrl: string, customer: string, forwarder: string): Promise<number> {
  const ref = async (list: string, code: string) => {
    const found = (
      await getJson<List<{ id: number; code: string }>>(`${baseUrl}/api/${list}?keyword=${code}`, customer)
    ).lists.find((item) => item.code === code);
    if (!found) throw new Error(`reference data missing: ${list} ${code}`);
    return found.id;
  };
  const party = async (type: string) =>
    (
      await getJson<List<{ id: number }>>(
        `${baseUrl}/api/customer/contact?type=${type}&page=1&size=1`,
        customer,
      )
    ).lists[0]?.id;
  const forwarderId = (await getJson<{ id: number }>(`${baseUrl}/api/userinfo`, forwarder)).id;
  const [sha, rtm, hq, gp, carton] = [
    await ref('port', 'CNSHA'),
    await ref('port', 'NLRTM'),
    await ref('container', '40HQ'),
    await ref('container', '20GP'),
    await ref('unit', 'CT'),
  ];
  const readyDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const created = await sendJson<{ id: number }>('POST', `${baseUrl}/api/order/booking`, customer, {
    container_mode: 1,
    forwarder_id: forwarderId,
    shipper_id: await party('shipper'),
    consignee_id: await party('consignee'),
    cust_ref_no: 'PO-FORM-BENCH',
    ready_date: readyDate,
    incoterm: 'FOB',
    pol_id: sha,
    pod_id: rtm,
    to_id: rtm,
    containers: Array.from({ length: LINES }, (_, k) => ({
      container_id: k % 2 ? hq : gp,
      hs_code: '610910',
      description: `COTTON KNITTED GARMENTS LOT ${k + 1}`,
      packages: 100 + k,
      unit_id: carton,
      weight: '8000',
      volume: '28.5',
      quantity: 1,
    })),
  });
  return created.id;
}

/** Latencies (ms) of the keystrokes typed into the field labelled `label`. */
async function typeInto(page: Page, label: string): Promise<number[]> {
  const field = page.getByLabel(label, { exact: true });
  await field.scrollIntoViewIfNeeded();
  await field.click();
  await field.press('End');
  await page.evaluate(`globalThis.__latencies = new Map()`);
  await page.keyboard.type(TYPED, { delay: KEY_GAP_MS });
  // The last keystroke's entry comes after its frame.
  await page.waitForTimeout(1_000);
  const reported = (await page.evaluate(`[...globalThis.__latencies.values()]`)) as number[];
  const typed = TYPED.length;
  return [...reported, ...Array.from({ length: Math.max(0, typed - reported.length) }, () => UNREPORTED_MS)];
}

type Profile = {
  nodes: {
    id: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
};

function printProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (id: number) => {
    const frame = byId.get(id)?.callFrame;
    return `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').pop() ?? ''}:${frame?.lineNumber ?? 0}:${frame?.columnNumber ?? 0}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const spent = (profile.timeDeltas?.[i] ?? 0) / 1000;
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + spent);
    // Time with each function on the stack, counted once per sample.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(at));
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + spent);
  });
  const top = (table: Map<string, number>, title: string) => {
    console.log(title);
    for (const [key, msSpent] of [...table.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${Math.round(msSpent).toString().padStart(7)} ms  ${key}`);
  };
  top(self, 'self time');
  top(total, 'with callees');
  // BENCH_CALLERS=name: who calls the function of that name, by the time spent in it from each.
  const wanted = process.env.BENCH_CALLERS;
  if (!wanted) return;
  const callers = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const spent = (profile.timeDeltas?.[i] ?? 0) / 1000;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.functionName !== wanted) continue;
      const up = parent.get(at);
      if (up !== undefined) callers.set(keyOf(up), (callers.get(keyOf(up)) ?? 0) + spent);
      break;
    }
  });
  top(callers, `callers of ${wanted}`);
}

/** Rows: p95 of the keystrokes' input-to-paint latency in the 50-line form, in each language. */
export async function benchFormInput(
  rows: Row[],
  browser: Browser,
  baseUrl: string,
  tokens: { customer: string; forwarder: string },
): Promise<void> {
  const id = await longDraft(baseUrl, tokens.customer, tokens.forwarder);
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const context = await browser.newContext({
      locale,
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 1366, height: 768 },
    });
    try {
      await context.addInitScript(
        `localStorage.setItem('token', ${JSON.stringify(tokens.customer)}); localStorage.setItem('token_update_time', String(Date.now()));
        localStorage.setItem('language', ${JSON.stringify(locale)});
        globalThis.__latencies = new Map();
        new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.interactionId)
          globalThis.__latencies.set(e.interactionId, Math.max(globalThis.__latencies.get(e.interactionId) ?? 0, e.duration)); })
          .observe({ type: 'event', durationThreshold: 16, buffered: true });`,
      );
      const page = await context.newPage();
      await page.goto(`${baseUrl}/bookings/edit-fcl/${id}`, { waitUntil: 'load', timeout: 120_000 });
      const commodity = locale === 'zh-CN' ? `第 ${LINES} 行品名` : `Commodity (line ${LINES})`;
      await page.getByLabel(commodity, { exact: true }).waitFor({ timeout: 60_000 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
      // BENCH_DEBUG=1: where the typing's time goes, the functions of most self time.
      if (process.env.BENCH_DEBUG)
        console.log(
          `fields in the form: ${String(await page.evaluate(`document.querySelectorAll('form input, form textarea, form [role=combobox]').length`))}`,
        );
      // BENCH_DEBUG=metrics: the renderer's figures only, without the profiler's own cost.
      const profiling = Boolean(process.env.BENCH_DEBUG) && process.env.BENCH_DEBUG !== 'metrics';
      if (profiling) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
      // BENCH_DEBUG: the renderer's own time (scripts, style, layout) over the typing, as Chromium counts it.
      const metrics = async () => {
        if (!process.env.BENCH_DEBUG) return new Map<string, number>();
        await cdp.send('Performance.enable');
        const { metrics: list } = await cdp.send('Performance.getMetrics');
        return new Map(list.map((metric) => [metric.name, metric.value]));
      };
      const before = await metrics();
      const latencies = [
        ...(await typeInto(page, commodity)),
        ...(await typeInto(page, locale === 'zh-CN' ? '客户参考号' : 'Customer reference')),
      ];
      const after = await metrics();
      for (const name of [
        'TaskDuration',
        'ScriptDuration',
        'RecalcStyleDuration',
        'LayoutDuration',
        'RecalcStyleCount',
        'LayoutCount',
        'Nodes',
      ])
        if (after.has(name))
          console.log(
            `${name}: ${((after.get(name) ?? 0) - (before.get(name) ?? 0)).toFixed(3)} (now ${after.get(name)})`,
          );
      if (profiling) printProfile((await cdp.send('Profiler.stop')).profile);
      const p95 = percentile(latencies, 95);
      rows.push({
        name: `Booking form of ${LINES} commodities, ${locale}, ${PROFILE.cpuSlowdown}× CPU: typing, input-to-paint p95 of ${latencies.length} keystrokes (median ${Math.round(percentile(latencies, 50))} ms, max ${Math.round(Math.max(...latencies))} ms)`,
        figure: `${Math.round(p95)} ms`,
        target: '≤ 100 ms',
        ok: p95 <= 100,
      });
    } finally {
      await context.close();
    }
  }
}
