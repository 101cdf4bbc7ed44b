import { readFileSync } from 'node:fs';

/**
 * `node dist/bench/profile-summary.js <file.cpuprofile> [top]`: where a V8 CPU profile (BENCH_CPU_PROF) spent its
 * time: self time by function and by package or source folder, and the total ("inclusive") time of our own
 * functions, so a bench's figure can be explained without opening DevTools.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node dist/bench/profile-summary.js <file.cpuprofile> [top=25]');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (url: string): string => {
  if (!url) return '(native/V8)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node core';
  const own = /\/dist\/(.+)\/[^/]+\.js$/.exec(url);
  return own ? own[1] : url;
};
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? `${n.callFrame.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${n.callFrame.lineNumber + 1}` : ''}`.trim();

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const selfByFunction = new Map<string, number>();
const selfByPlace = new Map<string, number>();
const inclusiveOwn = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  add(selfByFunction, label(node), us);
  add(selfByPlace, where(node.callFrame.url), us);
  // Inclusive time of our own (dist/src, dist/projections) functions: count each label once per stack.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur)!;
    if (/\/dist\/(src|projections)\//.test(n.callFrame.url)) {
      const l = label(n);
      if (!seen.has(l)) {
        seen.add(l);
        add(inclusiveOwn, l, us);
      }
    }
  }
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / totalUs).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled`);
print('Self time by package / folder', selfByPlace);
print('Self time by function', selfByFunction);
print('Total time of our functions (inclusive)', inclusiveOwn);
