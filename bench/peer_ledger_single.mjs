// Phase (f) of bench/ledger_bench.cpp for the published JavaScript ledger
// (npm @claude-flow/guidance@3.0.0-alpha.3): 50,000 evidence items added to
// ONE belief, with the same mulberry32(0xC0FFEE) weights and directions.
// Run it next to ../shared/bench/peer-ledger-bench.mjs (see docs/benchmarks.md):
//   cp bench/peer_ledger_single.mjs /tmp/peer-ledger/single.mjs
//   cd /tmp/peer-ledger && node single.mjs            # or --items=N
import { createUncertaintyLedger } from '@claude-flow/guidance/uncertainty';
import { performance } from 'node:perf_hooks';

const itemsArg = process.argv.find(a => a.startsWith('--items='));
const ITEMS = itemsArg ? Number(itemsArg.split('=')[1]) : 50_000;

function mulberry32(seed) {
  return function () {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(0xC0FFEE);
const weights = new Float64Array(ITEMS);
const supports = new Uint8Array(ITEMS);
for (let i = 0; i < ITEMS; i++) {
  weights[i] = 0.05 + 0.95 * rnd();
  supports[i] = rnd() < 0.7 ? 1 : 0;
}

const ledger = createUncertaintyLedger();
const now = Date.now();
const b = ledger.assert('one belief', 'misc', [
  { sourceId: 'init-0', sourceType: 'memory-read', supports: true, weight: 0.8, timestamp: now },
]);
const t0 = performance.now();
for (let i = 0; i < ITEMS; i++) {
  ledger.addEvidence(b.id, {
    sourceId: `ev-${i}`, sourceType: 'tool-output', supports: supports[i] === 1,
    weight: weights[i], timestamp: now,
  });
}
const ms = performance.now() - t0;
const got = ledger.getBelief(b.id);
console.log(`(f) ${ITEMS} items on one belief  elapsed_ms=${ms.toFixed(1)}  point=${got.confidence.point}  items=${got.evidence.length + got.opposingEvidence.length}  node=${process.version}`);
