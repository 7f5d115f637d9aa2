/** The part of autocannon's API bench/api uses (the package ships no types). */
declare module 'autocannon' {
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(opts: { url: string; connections: number; duration: number }): Promise<Result>;
}
