// `npm run bench`: performance figures as medians and ratios, never as pass/fail timings (the
// machine is shared and noisy). Each case runs in rounds; we report the median time per operation
// and its ratio to a baseline measured in the same process, so figures compare across machines.
import { performance } from 'node:perf_hooks';
import { estimatePrice, recommendedTeamSize } from '../src/domain/pricing.ts';
import { createOrderInputSchema, expectedOrderTotal } from '../src/domain/schemas.ts';
import { normalizeEgyptianMobile } from '../src/domain/phone.ts';
import { generateOrderNumber } from '../src/domain/order-number.ts';
import { build } from '../server/src/app.ts';
import { makeStaticDir } from '../tests/api/helpers.ts';

interface Result {
  name: string;
  medianNs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function bench(
  name: string,
  ops: number,
  fn: () => unknown | Promise<unknown>,
  rounds = 9,
): Promise<Result> {
  for (let i = 0; i < Math.min(ops, 200); i += 1) await fn(); // warm-up
  const perOp: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const start = performance.now();
    for (let i = 0; i < ops; i += 1) await fn();
    perOp.push(((performance.now() - start) * 1e6) / ops);
  }
  return { name, medianNs: median(perOp) };
}

const orderInput = {
  fullName: 'منى أحمد',
  phoneNumber: '+20 ١٠١ ٢٣٤ ٥٦٧٨',
  pickupAddress: '12 شارع التحرير، الدقي',
  dropoffAddress: '5 شارع مكرم عبيد، مدينة نصر',
  governorateId: 'cairo',
  districtId: 'nasr-city',
  moveType: 'full',
  housing: 'villa',
  pickupFloor: '٣',
  dropoffFloor: 2,
  workers: 4,
  moveDate: '2099-01-15',
  moveTime: '09:30',
  notes: '',
  paymentMethod: 'cod',
  totalPrice: 0,
};

async function main() {
  const results: Result[] = [];
  const baselineJson = JSON.stringify(orderInput);
  const baseline = await bench('baseline: JSON.parse of an order payload', 20_000, () =>
    JSON.parse(baselineJson),
  );
  results.push(baseline);

  results.push(
    await bench('estimatePrice + recommendedTeamSize', 100_000, () => {
      const team = recommendedTeamSize({
        moveType: 'full',
        housing: 'villa',
        pickupFloor: 3,
        dropoffFloor: 2,
      });
      return estimatePrice({ moveType: 'full', pickupFloor: 3, dropoffFloor: 2, workers: team });
    }),
  );
  results.push(
    await bench('normalizeEgyptianMobile (Arabic digits, +20)', 50_000, () =>
      normalizeEgyptianMobile('+20 ١٠١ ٢٣٤ ٥٦٧٨'),
    ),
  );
  results.push(
    await bench('generateOrderNumber (Cairo date)', 20_000, () => generateOrderNumber()),
  );
  const schema = createOrderInputSchema(new Date('2026-11-22T10:00:00Z'));
  results.push(
    await bench('order payload validation + expected total', 5_000, () => {
      const parsed = schema.safeParse(orderInput);
      return parsed.success ? expectedOrderTotal(parsed.data) : 0;
    }),
  );

  const site = await makeStaticDir();
  const app = await build({
    staticDir: site.staticDir,
    env: { RATE_LIMITS: 'off', DATABASE_PATH: ':memory:' },
  });
  try {
    results.push(
      await bench('GET /api/health (inject)', 500, () =>
        app.inject({ method: 'GET', url: '/api/health' }),
      ),
    );
    results.push(
      await bench('GET /track/… SPA fallback (inject)', 500, () =>
        app.inject({
          method: 'GET',
          url: '/track/AF-20260101-123',
          headers: { accept: 'text/html' },
        }),
      ),
    );
  } finally {
    await app.close();
    await site.cleanup();
  }

  const width = Math.max(...results.map((r) => r.name.length));
  console.log(`${'case'.padEnd(width)}  median/op      × baseline`);
  for (const r of results) {
    const time =
      r.medianNs >= 1e6
        ? `${(r.medianNs / 1e6).toFixed(2)} ms`
        : `${(r.medianNs / 1e3).toFixed(2)} µs`;
    console.log(
      `${r.name.padEnd(width)}  ${time.padStart(10)}   ${(r.medianNs / baseline.medianNs).toFixed(1).padStart(8)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
