/** The part of autocannon's API bench/api uses (the package ships no types). */
declare module 'autocannon' {
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  }
  interface Request {
    path?: string;
    headers?: Record<string, string>;
    /** Called before each request: the request to send (a new path defeats a cache). */
    setupRequest?: (req: { path: string }) => { path: string };
  }
  export default function autocannon(opts: { url: string; connections: number; duration: number; requests?: Request[] }): Promise<Result>;
}
