/**
 * Fetching a camera for the browser (docs/decisions.md, "Cameras"): the server asks the camera,
 * so the browser never needs its address or credentials. A user chooses the address, which makes
 * this a request forgery risk: only http(s), no redirects, a timeout and a size cap, and unless
 * `CAMERA_ALLOW_PRIVATE` is on no private, loopback, link-local or otherwise internal address —
 * checked on the address actually connected to (a custom lookup), so DNS cannot swap it after
 * the check. The camera is also a source of hostile content served on the app's origin: only the
 * types a camera legitimately sends pass (JPEG and PNG stills, an MJPEG multipart stream), and
 * the routes send them as untrusted content (platform/http.ts, `untrusted`).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import Boom from '@hapi/boom';
import { ruleRefused } from '../../platform/errors.js';
import { isInternalAddress, publicOnlyLookup } from '../../platform/outbound.js';

export { isInternalAddress };

export interface CameraLimits {
  allowPrivate: boolean;
  /** No answer (headers, or the next bytes) within this time ends the fetch. */
  timeoutMs: number;
  /** Most bytes a snapshot may have. */
  maxSnapshotBytes: number;
}

export const CAMERA_LIMITS = { timeoutMs: 10_000, maxSnapshotBytes: 5 * 1024 * 1024 };

/** The still images a camera may answer; anything else (HTML, SVG, scripts) is refused. */
export const SNAPSHOT_TYPES = ['image/jpeg', 'image/png'] as const;

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/** A stream's media type as relayed: the MJPEG multipart type with the camera's boundary, or null for anything else. */
export function streamType(header: string | undefined): string | null {
  if (mediaType(header) !== 'multipart/x-mixed-replace') return null;
  const boundary = /;\s*boundary="?([0-9A-Za-z'()+_,\-./:=? ]{1,70})"?\s*(;|$)/i.exec(header ?? '')?.[1]?.trim();
  return boundary ? `multipart/x-mixed-replace; boundary=${boundary.includes(' ') ? `"${boundary}"` : boundary}` : null;
}

/** Public: the owner who set the camera up needs to know what it answered, and it names nothing of ours. */
const notAnImage = (header: string | undefined) =>
  Boom.badGateway(`The camera answered ${mediaType(header) || 'no content type'}, not a JPEG or PNG image or an MJPEG stream`, { public: true });

const privateRefusal = () => ruleRefused('This camera is on a private network address, which the server does not fetch');

/** Opens the camera's URL and answers its response once the headers arrived with a 200. */
export function openCamera(url: string, limits: CameraLimits): Promise<IncomingMessage> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(Boom.badRequest('A camera address must be http or https'));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!limits.allowPrivate && isIP(host) && isInternalAddress(host)) return Promise.reject(privateRefusal());
  const lookup = limits.allowPrivate ? undefined : publicOnlyLookup(privateRefusal);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(target, { lookup, timeout: limits.timeoutMs, headers: { accept: 'image/*, multipart/x-mixed-replace' } }, (response) => {
      if (response.statusCode !== 200) {
        response.destroy();
        return reject(Boom.badGateway(`The camera answered ${response.statusCode}`));
      }
      response.setTimeout(limits.timeoutMs, () => response.destroy());
      resolve(response);
    });
    request.on('timeout', () => request.destroy(Boom.gatewayTimeout('The camera did not answer in time')));
    request.on('error', (err) => reject(Boom.isBoom(err) ? err : Boom.badGateway('The camera could not be reached')));
  });
}

/** A still image: the snapshot URL's image, or the first JPEG frame of the stream when there is none. */
export async function snapshotOf(camera: { snapshotUrl: string | null; streamUrl: string }, limits: CameraLimits): Promise<{ mime: string; data: Buffer }> {
  const response = await openCamera(camera.snapshotUrl ?? camera.streamUrl, limits);
  const header = response.headers['content-type'];
  const multipart = streamType(header) !== null;
  const type = mediaType(header);
  if (!multipart && !(SNAPSHOT_TYPES as readonly string[]).includes(type)) {
    response.destroy();
    throw notAnImage(header);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (multipart) {
        const frame = firstJpeg(Buffer.concat(chunks));
        if (frame) return { mime: 'image/jpeg', data: frame };
      }
      if (size > limits.maxSnapshotBytes) throw Boom.badGateway('The camera image is too large');
    }
  } finally {
    response.destroy();
  }
  if (multipart) throw Boom.badGateway('The camera stream ended before a whole image');
  return { mime: type, data: Buffer.concat(chunks) };
}

/** The first whole JPEG (start and end of image markers) in the bytes, or null. */
function firstJpeg(bytes: Buffer): Buffer | null {
  const start = bytes.indexOf(Buffer.from([0xff, 0xd8]));
  if (start < 0) return null;
  const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), start + 2);
  return end < 0 ? null : bytes.subarray(start, end + 2);
}

/** The camera's live stream, refused unless it is an MJPEG multipart stream; answers it with the type to relay. */
export async function streamOf(url: string, limits: CameraLimits): Promise<{ response: IncomingMessage; type: string }> {
  const response = await openCamera(url, limits);
  const type = streamType(response.headers['content-type']);
  if (!type) {
    response.destroy();
    throw notAnImage(response.headers['content-type']);
  }
  return { response, type };
}
