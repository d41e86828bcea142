/** Where an S3-compatible object store is and how to sign in to it, read from `S3_URL`. */
export interface S3Location {
  /** The store's base URL (scheme, host, port), addressed path-style: `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  bucket: string;
  /** Prepended to every key (no leading or trailing slash), or ''. */
  prefix: string;
  region: string;
  /** From the URL's user info; null leaves the AWS SDK's own chain (AWS_ACCESS_KEY_ID, instance roles …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/**
 * Parses `S3_URL`: `http(s)://<access key>:<secret key>@<host>[:port]/<bucket>[/<prefix>][?region=<region>]`,
 * e.g. `https://AKIA…:…@s3.eu-central-1.amazonaws.com/vigil-packages?region=eu-central-1` or
 * `http://minio:minio123@minio.local:9000/vigil`. Path-style addressing works with AWS, MinIO,
 * Ceph, Garage and the other S3-compatible stores. Throws a message naming what is wrong.
 */
export function parseS3Url(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('S3_URL must be a URL such as https://KEY:SECRET@s3.example.com/bucket?region=eu-central-1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('S3_URL must start with http:// or https://');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('S3_URL must name a bucket (3–63 lower-case letters, digits, dots and hyphens) as its path');
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password)) throw new Error('S3_URL must carry both the access key and the secret key (KEY:SECRET@host), or neither');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: rest.join('/'),
    region: url.searchParams.get('region')?.trim() || 'us-east-1',
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : null,
  };
}
