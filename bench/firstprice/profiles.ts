/**
 * The network profiles bench:firstprice emulates through CDP (Network.emulateNetworkConditions),
 * with Chrome DevTools' own figures (devtools-frontend, core/sdk/NetworkManager.ts): the nominal
 * throughput times 0.9 and the nominal RTT times an adjustment factor, because the emulation
 * applies its latency once per request rather than per round trip of a real connection.
 * "Fast 3G" is the profile DevTools renamed "Slow 4G" in 2024 (same figures: 1.6 Mbps down,
 * 750 Kbps up, 150 ms RTT → 562.5 ms per request); "Fast 4G" is 9 Mbps / 60 ms (→ 165 ms).
 */
export interface NetworkProfile {
  name: string;
  /** Bytes per second; -1: not throttled. */
  download: number;
  upload: number;
  /** Added to every request, ms. */
  latency: number;
}

export const PROFILES: NetworkProfile[] = [
  { name: 'unthrottled', download: -1, upload: -1, latency: 0 },
  { name: 'Fast 3G (1.6 Mbps/150 ms)', download: ((1.6 * 1000 * 1000) / 8) * 0.9, upload: ((750 * 1000) / 8) * 0.9, latency: 150 * 3.75 },
  { name: '9 Mbps/60 ms (Fast 4G)', download: ((9 * 1000 * 1000) / 8) * 0.9, upload: ((1.5 * 1000 * 1000) / 8) * 0.9, latency: 60 * 2.75 },
];
