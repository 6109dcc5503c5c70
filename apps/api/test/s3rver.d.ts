/** The little of s3rver (an S3-compatible server in Node, a dev dependency) that the S3 store's tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
