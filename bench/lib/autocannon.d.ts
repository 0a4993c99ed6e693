// autocannon ships no types; the bench uses only its promise form.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Each request may be rewritten before it is sent (the varied-URL mix sets its path). */
    requests?: { setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }[];
  }
  function autocannon(options: Options): Promise<unknown>;
  export default autocannon;
}
