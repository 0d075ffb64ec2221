/**
 * AWS Signature V4 for S3-compatible hosts, by the `aws4` package (small, pure JS, no
 * dependencies; what the AWS CLI's signing rules are checked against by many S3 clients). Only
 * builds headers: the request goes through the app's one HTTP client.
 */
import aws4 from 'aws4';

export interface S3Keys {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
}

export function signS3(request: { method: string; url: URL; region: string; headers?: Record<string, string>; body?: Uint8Array }, keys: S3Keys): SignedRequest {
  const options = {
    host: request.url.host,
    path: `${request.url.pathname}${request.url.search}`,
    method: request.method,
    service: 's3',
    region: request.region,
    headers: { ...request.headers },
    // aws4 hashes the body into x-amz-content-sha256; S3 checks it against what arrives.
    body: request.body ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength) : undefined,
    protocol: request.url.protocol,
  };
  aws4.sign(options, { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers)) {
    // The HTTP client sets Host and Content-Length itself, from the URL and the body.
    if (name.toLowerCase() === 'host' || name.toLowerCase() === 'content-length') continue;
    headers[name] = String(value);
  }
  return { url: request.url.href, headers };
}
