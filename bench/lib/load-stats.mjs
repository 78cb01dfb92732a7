// What a load generator process counts in a measured window (bench/load-agent.mjs), and the
// parent's sum of its processes' counts (bench/lib/load-agents.mjs).

/** Empty counts of one window. */
export function freshStats() {
  return {
    latencies: [],
    byAction: {},
    ok: 0,
    fiveXx: 0,
    fiveXxCodes: {},
    other: 0,
    otherCodes: {},
    errors: 0,
    errorKinds: {},
    deliveries: [],
    sendsAcked: 0,
    reconnects: 0,
    connectErrors: 0,
  };
}
