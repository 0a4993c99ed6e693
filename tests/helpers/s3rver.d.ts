// @20minutes/s3rver (a maintained fork of s3rver) ships no types; the tests use its constructor,
// run and close only.
declare module "@20minutes/s3rver" {
  interface Options {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }
  class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
  export default S3rver;
}
