// autocannon ships no types; the bench uses only its promise form.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  function autocannon(options: Options): Promise<unknown>;
  export default autocannon;
}
