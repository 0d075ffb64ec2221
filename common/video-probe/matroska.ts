/**
 * WebM and Matroska (EBML, RFC 9559) headers: the EBML header's DocType, then the Segment's
 * top-level elements are walked with one small read each until Info (time scale, duration) and
 * Tracks (codec, size, bit depth, default frame duration) are read; clusters are skipped by their
 * size, or found through the SeekHead when they come first. A file with no Duration (a browser's
 * MediaRecorder writes none) gets it from the last cluster's timestamps at the end of the file, and
 * a video track with no DefaultDuration its frame rate from the first blocks' timestamps. Frames
 * are never read beyond those block headers. Pure.
 */
import type { Result } from '../result.js';
import type { VideoProbe, VideoProbeFailure } from '../video-rules.js';
import type { ByteReader } from './byte-reader.js';
import { avcDetail, codecOfMatroskaId, hevcDetail, vp9PrivateDetail, type CodecDetail } from './codec-config.js';

const ID = {
  EBML: 0x1a45dfa3, DocType: 0x4282, Segment: 0x18538067, SeekHead: 0x114d9b74, Seek: 0x4dbb, SeekID: 0x53ab, SeekPosition: 0x53ac,
  Info: 0x1549a966, TrackNumber: 0xd7, TimestampScale: 0x2ad7b1, Duration: 0x4489, Tracks: 0x1654ae6b, TrackEntry: 0xae, TrackType: 0x83, CodecID: 0x86,
  CodecPrivate: 0x63a2, DefaultDuration: 0x23e383, Video: 0xe0, PixelWidth: 0xb0, PixelHeight: 0xba, Colour: 0x55b0, BitsPerChannel: 0x55b2,
  Projection: 0x7670, PoseRoll: 0x7675, Cluster: 0x1f43b675, Timestamp: 0xe7, SimpleBlock: 0xa3, BlockGroup: 0xa0, Block: 0xa1, Crc32: 0xbf,
} as const;

const MAX_ELEMENT_BYTES = 4 * 1024 * 1024;
const MAX_TOP_ELEMENTS = 10_000;
const TAIL_BYTES = 512 * 1024;

interface Element {
  id: number;
  /** Payload start and end; end is Infinity for an element of unknown size. */
  start: number;
  end: number;
}

/** An EBML variable-length integer at `at`: its value, its length, and whether it is all ones (unknown size). */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let ones = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    ones &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && ones };
}

function element(bytes: Uint8Array, at: number, base = 0): Element | null {
  const id = vint(bytes, at, true);
  const size = id && vint(bytes, at + id.length, false);
  if (!id || !size) return null;
  const start = at + id.length + size.length;
  return { id: id.value, start: base + start, end: size.unknown ? Infinity : base + start + size.value };
}

function* elements(bytes: Uint8Array, start: number, end: number): Generator<Element> {
  for (let at = start; at < Math.min(end, bytes.length); ) {
    const e = element(bytes, at);
    // An element that runs past the bytes read (a cut file, a damaged size) ends the walk: its
    // value is not all there, and a DataView over it would throw.
    if (!e || e.end > bytes.length) return;
    yield e;
    at = e.end;
  }
}

const uint = (bytes: Uint8Array, e: Element) => bytes.subarray(e.start, e.end).reduce((v, b) => v * 256 + b, 0);
const float = (bytes: Uint8Array, e: Element) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset + e.start, e.end - e.start);
  return e.end - e.start === 4 ? view.getFloat32(0) : e.end - e.start === 8 ? view.getFloat64(0) : 0;
};
/** DocType and CodecID are short ASCII; the cap keeps a hostile megabyte-long one from overflowing the call stack when spread. */
const MAX_TEXT_BYTES = 256;
const text = (bytes: Uint8Array, e: Element) => String.fromCharCode(...bytes.subarray(e.start, Math.min(e.end, e.start + MAX_TEXT_BYTES))).replace(/\0+$/, '');

interface TrackInfo {
  type: number;
  codec: string;
  width: number;
  height: number;
  detail: CodecDetail;
  defaultDurationNs: number;
  roll: number;
  /** How the track's blocks name it. */
  number: number;
}

function trackEntry(bytes: Uint8Array, entry: Element): TrackInfo {
  const t: TrackInfo = { type: 0, codec: '', width: 0, height: 0, detail: { profile: null, bit_depth: null }, defaultDurationNs: 0, roll: 0, number: 0 };
  let codecPrivate: Uint8Array | null = null;
  let bits: number | null = null;
  for (const e of elements(bytes, entry.start, entry.end)) {
    if (e.id === ID.TrackType) t.type = uint(bytes, e);
    else if (e.id === ID.TrackNumber) t.number = uint(bytes, e);
    else if (e.id === ID.CodecID) t.codec = codecOfMatroskaId(text(bytes, e));
    else if (e.id === ID.CodecPrivate) codecPrivate = bytes.subarray(e.start, e.end);
    else if (e.id === ID.DefaultDuration) t.defaultDurationNs = uint(bytes, e);
    else if (e.id === ID.Video) {
      for (const v of elements(bytes, e.start, e.end)) {
        if (v.id === ID.PixelWidth) t.width = uint(bytes, v);
        else if (v.id === ID.PixelHeight) t.height = uint(bytes, v);
        else if (v.id === ID.Colour) {
          for (const c of elements(bytes, v.start, v.end)) if (c.id === ID.BitsPerChannel) bits = uint(bytes, c);
        } else if (v.id === ID.Projection) {
          for (const p of elements(bytes, v.start, v.end)) if (p.id === ID.PoseRoll) t.roll = float(bytes, p);
        }
      }
    }
  }
  if (codecPrivate && t.codec === 'h264') t.detail = avcDetail(codecPrivate);
  else if (codecPrivate && t.codec === 'hevc') t.detail = hevcDetail(codecPrivate);
  else if (codecPrivate && t.codec === 'vp9') t.detail = vp9PrivateDetail(codecPrivate);
  if (t.detail.bit_depth === null) t.detail = { ...t.detail, bit_depth: bits || (t.codec === 'vp8' ? 8 : null) };
  return t;
}

async function readElement(reader: ByteReader, e: Element): Promise<Uint8Array | null> {
  if (e.end === Infinity || e.end - e.start > MAX_ELEMENT_BYTES) return null;
  return reader.read(e.start, e.end - e.start);
}

/** The last cluster's timestamp plus its last block's, in time-scale units: a duration when Info has none. */
async function durationFromTail(reader: ByteReader): Promise<number | null> {
  const from = Math.max(0, reader.size - TAIL_BYTES);
  const tail = await reader.read(from, reader.size - from);
  for (let at = tail.length - 4; at >= 0; at--) {
    if (tail[at] !== 0x1f || tail[at + 1] !== 0x43 || tail[at + 2] !== 0xb6 || tail[at + 3] !== 0x75) continue;
    const cluster = element(tail, at);
    // A Cluster's Timestamp comes first, after a CRC-32 if there is one (muxers write it so):
    // checking that before walking its children skips look-alike bytes inside a block at once, so
    // the search stays linear in the tail instead of walking to its end from every candidate.
    let first = cluster && element(tail, cluster.start);
    if (first && first.id === ID.Crc32 && first.end <= tail.length) first = element(tail, first.end);
    if (!cluster || !first || first.id !== ID.Timestamp) continue;
    let base: number | null = null;
    let last = 0;
    for (const e of elements(tail, cluster.start, cluster.end)) {
      if (e.id === ID.Timestamp) base = uint(tail, e);
      const block = e.id === ID.SimpleBlock ? e : e.id === ID.BlockGroup ? [...elements(tail, e.start, e.end)].find((b) => b.id === ID.Block) : undefined;
      const track = block && vint(tail, block.start, false);
      if (block && track && block.start + track.length + 2 <= tail.length) last = Math.max(last, new DataView(tail.buffer, tail.byteOffset).getInt16(block.start + track.length));
    }
    if (base !== null) return base + last;
  }
  return null;
}

/** The first Cluster at or after `at` among the Segment's top-level elements (Info and Tracks were found before it: the walk stopped short of it). */
async function firstCluster(reader: ByteReader, at: number, end: number): Promise<number | null> {
  for (let i = 0; i < MAX_TOP_ELEMENTS && at < Math.min(end, reader.size); i++) {
    const e = element(await reader.read(at, 16), 0, at);
    if (!e) return null;
    if (e.id === ID.Cluster) return at;
    if (e.end === Infinity) return null;
    at = e.end;
  }
  return null;
}

/** Video frames whose timestamps give the frame rate when a track states no DefaultDuration (a fraction of a second's blocks). */
const RATE_FRAMES = 32;
/** Element headers read looking for them: past this the first clusters hold no such frames (audio only, damage). */
const RATE_READS = 400;

/**
 * The video track's frame rate from the first clusters' block timestamps, for a track with no
 * DefaultDuration (a browser's MediaRecorder writes none): the mean interval between RATE_FRAMES
 * frames' timestamps, sorted (B-frames come out of order). Walks element headers from the first cluster with one
 * 16-byte read each, stepping into clusters (of known size or not) and over everything else; no
 * frame is read. Null when too few frames are found.
 */
async function rateFromBlocks(reader: ByteReader, clusterAt: number, end: number, trackNumber: number, scaleNs: number): Promise<number | null> {
  const times: number[] = [];
  let base = 0;
  let at = clusterAt;
  for (let i = 0; i < RATE_READS && times.length < RATE_FRAMES && at < Math.min(end, reader.size); i++) {
    const head = await reader.read(at, 16);
    const e = element(head, 0, at);
    if (!e) break;
    if (e.id === ID.Cluster) {
      at = e.start;
      continue;
    }
    if (e.end === Infinity) break;
    if (e.id === ID.Timestamp) {
      const value = await reader.read(e.start, Math.min(8, e.end - e.start));
      base = uint(value, { id: e.id, start: 0, end: value.length });
    } else if (e.id === ID.SimpleBlock || e.id === ID.BlockGroup) {
      // A BlockGroup's Block comes first in it (muxers write it so); its header is all that is read.
      const block = e.id === ID.SimpleBlock ? e : element(await reader.read(e.start, 16), 0, e.start);
      if (block && (e.id === ID.SimpleBlock || block.id === ID.Block)) {
        const bytes = await reader.read(block.start, 12);
        const track = vint(bytes, 0, false);
        if (track && track.value === trackNumber && track.length + 2 <= bytes.length) times.push(base + new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt16(track.length));
      }
    }
    at = e.end;
  }
  times.sort((a, b) => a - b);
  const gaps = times.slice(1).map((t, i) => t - times[i]!).filter((gap) => gap > 0);
  if (gaps.length < 2) return null;
  // Frames taken in decode order may leave a hole at the end (a B-frame shown before a P-frame not
  // yet read): gaps over one and a half frames are such holes, not frame intervals.
  const median = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]!;
  const steady = gaps.filter((gap) => gap <= median * 1.5);
  return (steady.length * 1e9) / (steady.reduce((sum, gap) => sum + gap, 0) * scaleNs);
}

export async function probeMatroska(reader: ByteReader): Promise<Result<VideoProbe, VideoProbeFailure>> {
  const head = await reader.read(0, 64 * 1024);
  const ebml = element(head, 0);
  if (!ebml || ebml.id !== ID.EBML) return { ok: false, error: { code: 'not_a_container' } };
  let docType = 'matroska';
  for (const e of elements(head, ebml.start, ebml.end)) if (e.id === ID.DocType) docType = text(head, e);
  const container: 'webm' | 'mkv' = docType === 'webm' ? 'webm' : 'mkv';
  const unreadable = (where: string) => ({ ok: false as const, error: { code: 'unreadable' as const, container, where } });
  const segment = element(head, ebml.end);
  if (!segment || segment.id !== ID.Segment) return unreadable('segment');

  let info: Uint8Array | null = null;
  let tracks: Uint8Array | null = null;
  const seek = new Map<number, number>();
  let seekRead = false;
  const visit = async (e: Element) => {
    if (e.id === ID.Info) info ??= await readElement(reader, e);
    else if (e.id === ID.Tracks) tracks ??= await readElement(reader, e);
    else if (e.id === ID.SeekHead && !seekRead) {
      // One SeekHead is read (muxers write one index up front): a file of many would otherwise be
      // read whole, 4 MB at a time.
      seekRead = true;
      const body = await readElement(reader, e);
      for (const s of body ? elements(body, 0, body.length) : []) {
        if (s.id !== ID.Seek) continue;
        const parts = [...elements(body!, s.start, s.end)];
        const id = parts.find((p) => p.id === ID.SeekID);
        const position = parts.find((p) => p.id === ID.SeekPosition);
        if (id && position) seek.set(uint(body!, id), segment.start + uint(body!, position));
      }
    }
  };
  let at = segment.start;
  let clusterAt: number | null = null;
  for (let i = 0; i < MAX_TOP_ELEMENTS && (!info || !tracks) && at < Math.min(segment.end, reader.size); i++) {
    const e = element(await reader.read(at, 16), 0, at);
    if (!e) return unreadable('segment element');
    if (e.id === ID.Cluster) {
      clusterAt = at;
      break;
    }
    await visit(e);
    if (e.end === Infinity) break;
    at = e.end;
  }
  // Info or Tracks after the clusters (or past a cluster of unknown size): where the SeekHead says.
  for (const id of [ID.Info, ID.Tracks]) {
    const position = seek.get(id);
    if ((id === ID.Info ? info : tracks) || position === undefined || position >= reader.size) continue;
    const e = element(await reader.read(position, 16), 0, position);
    if (e && e.id === id) await visit(e);
  }
  if (!info || !tracks) return unreadable(info ? 'tracks' : 'info');

  const infoBytes: Uint8Array = info;
  const tracksBytes: Uint8Array = tracks;
  let scaleNs = 1_000_000;
  let duration: number | null = null;
  for (const e of elements(infoBytes, 0, infoBytes.length)) {
    if (e.id === ID.TimestampScale) scaleNs = uint(infoBytes, e) || scaleNs;
    else if (e.id === ID.Duration) duration = float(infoBytes, e);
  }
  const entries = [...elements(tracksBytes, 0, tracksBytes.length)].filter((e) => e.id === ID.TrackEntry).map((e) => trackEntry(tracksBytes, e));
  const video = entries.find((t) => t.type === 1);
  const audio = entries.find((t) => t.type === 2);
  if (!video) return { ok: false, error: { code: 'no_video_track', container } };
  if (!duration) duration = await durationFromTail(reader);
  if (duration === null) return unreadable('duration');
  const rotation = ((((Math.round(-video.roll / 90) * 90) % 360) + 360) % 360) as VideoProbe['rotation'];
  let fps = video.defaultDurationNs > 0 ? 1e9 / video.defaultDurationNs : null;
  if (fps === null && video.number > 0) {
    clusterAt ??= seek.get(ID.Cluster) ?? (await firstCluster(reader, at, segment.end));
    if (clusterAt !== null) fps = await rateFromBlocks(reader, clusterAt, segment.end, video.number, scaleNs);
  }
  return {
    ok: true,
    value: {
      container,
      duration_ms: Math.round((duration * scaleNs) / 1e6),
      width: video.width,
      height: video.height,
      rotation,
      fps: fps === null ? null : Math.round(fps * 1000) / 1000,
      video_codec: video.codec,
      video_profile: video.detail.profile,
      bit_depth: video.detail.bit_depth,
      audio_codec: audio?.codec ?? null,
      size_bytes: reader.size,
    },
  };
}
