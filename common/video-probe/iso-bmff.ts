/**
 * MP4 and MOV (ISO/IEC 14496-12 and QuickTime) headers: the top-level boxes are walked with one
 * small read each (mdat is skipped by its size, wherever moov is: at the start or after a 2 GB
 * mdat), then only moov is read and parsed: mvhd, the first video and audio trak's tkhd (rotation),
 * mdhd (time scale), hdlr (track kind), stsd (codec, coded size, avcC/hvcC/vpcC) and stts (frame
 * count, so the average frame rate). A fragmented file (an empty moov) takes its length from mehd
 * or from the moofs after moov (one small read each). Sample data is never read. Pure.
 */
import type { Result } from '../result.js';
import type { VideoProbe, VideoProbeFailure } from '../video-rules.js';
import type { ByteReader } from './byte-reader.js';
import { avcDetail, codecOfSampleEntry, hevcDetail, proresDetail, vpcDetail, type CodecDetail } from './codec-config.js';

/** A moov larger than this is not a header we read in one go (a 10-minute video's is ~1–3 MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
const MAX_TOP_BOXES = 10_000;

interface Box {
  type: string;
  /** Payload start and end (after the header), as offsets into the buffer being walked. */
  start: number;
  end: number;
}

function* children(view: DataView, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = view.getUint32(at + 8) * 2 ** 32 + view.getUint32(at + 12);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(view: DataView, parent: Box, type: string): Box | undefined {
  for (const box of children(view, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

const u64 = (view: DataView, at: number) => view.getUint32(at) * 2 ** 32 + view.getUint32(at + 4);

/** Time scale and duration of an mvhd or mdhd (version 0 or 1). */
function timing(view: DataView, box: Box): { timescale: number; duration: number } {
  const v1 = view.getUint8(box.start) === 1;
  const at = box.start + 4 + (v1 ? 16 : 8);
  return { timescale: view.getUint32(at), duration: v1 ? u64(view, at + 4) : view.getUint32(at + 4) };
}

/**
 * Clockwise rotation from tkhd's matrix {a b u; c d v; x y w} (16.16): a rotation by θ is
 * {cos θ, sin θ; −sin θ, cos θ}. It is read from the second row, which a mirror of the picture
 * (a front camera's: a and b negated) leaves alone, so a mirrored picture is not taken for one
 * turned upside down.
 */
function rotationOf(view: DataView, tkhd: Box): VideoProbe['rotation'] {
  const v1 = view.getUint8(tkhd.start) === 1;
  const matrix = tkhd.start + 4 + (v1 ? 32 : 20) + 16;
  if (matrix + 20 > tkhd.end) return 0;
  const degrees = Math.round((Math.atan2(-view.getInt32(matrix + 12), view.getInt32(matrix + 16)) * 180) / Math.PI);
  const snapped = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return snapped as VideoProbe['rotation'];
}

interface Track {
  id: number;
  handler: string;
  entry: string;
  width: number;
  height: number;
  detail: CodecDetail;
  timescale: number;
  duration: number;
  samples: number;
  sampleTime: number;
  rotation: VideoProbe['rotation'];
}

/** The first sample entry of stsd, with a visual entry's size and its decoder configuration. */
function sampleEntry(view: DataView, stsd: Box): Pick<Track, 'entry' | 'width' | 'height' | 'detail'> | undefined {
  const first = children(view, stsd.start + 8, stsd.end).next();
  if (first.done) return undefined;
  const entry = first.value;
  const none = { profile: null, bit_depth: null };
  if (entry.start + 78 > entry.end) return { entry: entry.type, width: 0, height: 0, detail: none };
  const width = view.getUint16(entry.start + 24);
  const height = view.getUint16(entry.start + 26);
  const bytes = (box: Box) => new Uint8Array(view.buffer, view.byteOffset + box.start, box.end - box.start);
  let detail: CodecDetail = entry.type in { apco: 1, apcs: 1, apcn: 1, apch: 1, ap4h: 1, ap4x: 1 } ? proresDetail(entry.type) : none;
  // Visual sample entry fields take 78 bytes; its child boxes (avcC, hvcC, vpcC, pasp, colr) follow.
  for (const box of children(view, entry.start + 78, entry.end)) {
    if (box.type === 'avcC') detail = avcDetail(bytes(box));
    else if (box.type === 'hvcC') detail = hevcDetail(bytes(box));
    else if (box.type === 'vpcC') detail = vpcDetail(bytes(box).subarray(4));
  }
  return { entry: entry.type, width, height, detail };
}

function track(view: DataView, trak: Box): Track | undefined {
  const tkhd = child(view, trak, 'tkhd');
  const mdia = child(view, trak, 'mdia');
  if (!mdia) return undefined;
  const mdhd = child(view, mdia, 'mdhd');
  const hdlr = child(view, mdia, 'hdlr');
  const stbl = ((minf) => (minf ? child(view, minf, 'stbl') : undefined))(child(view, mdia, 'minf'));
  const stsd = stbl && child(view, stbl, 'stsd');
  if (!mdhd || !hdlr || !stsd || hdlr.start + 12 > hdlr.end) return undefined;
  const handler = String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + hdlr.start + 8, 4));
  const entry = sampleEntry(view, stsd);
  if (!entry) return undefined;
  let samples = 0;
  let sampleTime = 0;
  const stts = child(view, stbl, 'stts');
  if (stts) {
    const count = view.getUint32(stts.start + 4);
    for (let i = 0, at = stts.start + 8; i < count && at + 8 <= stts.end; i++, at += 8) {
      // A last sample of no duration (muxers write one when the stream's end is unknown) is no
      // frame interval: counted, it would double a two-frame clip's rate.
      if (view.getUint32(at + 4) === 0) continue;
      samples += view.getUint32(at);
      sampleTime += view.getUint32(at) * view.getUint32(at + 4);
    }
  }
  const id = tkhd && tkhd.start + 24 <= tkhd.end ? view.getUint32(tkhd.start + (view.getUint8(tkhd.start) === 1 ? 20 : 12)) : 0;
  return { id, handler, ...entry, ...timing(view, mdhd), samples, sampleTime, rotation: tkhd ? rotationOf(view, tkhd) : 0 };
}

/** Finds moov among the top-level boxes with one 16-byte read per box, and the ftyp's brand. */
async function findMoov(reader: ByteReader): Promise<{ brand: string | null; offset: number; size: number; next: number } | null> {
  let brand: string | null = null;
  let at = 0;
  for (let i = 0; i < MAX_TOP_BOXES && at + 8 <= reader.size; i++) {
    const head = await reader.read(at, 16);
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    let size = view.getUint32(0);
    const type = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
    let header = 8;
    if (size === 1 && head.length >= 16) {
      size = u64(view, 8);
      header = 16;
    } else if (size === 0) size = reader.size - at;
    if (size < header) return null;
    if (type === 'ftyp' && head.length >= 12) brand = String.fromCharCode(head[8]!, head[9]!, head[10]!, head[11]!);
    if (type === 'moov') return { brand, offset: at + header, size: Math.min(size, reader.size - at) - header, next: at + size };
    at += size;
  }
  return null;
}

/** A moof larger than this is not a fragment's header (a 2 s fragment's is a few KB). */
const MAX_MOOF_BYTES = 1024 * 1024;

/** The video track's time in a moof, and the durations of its first samples (up to RATE_SAMPLES), for the frame rate. */
interface Span {
  durations: number[];
  time: number;
}

const RATE_SAMPLES = 1000;

/** Sample durations a moof's traf states for one track: trun's own, else tfhd's default, else trex's. */
function fragmentSpan(view: DataView, moof: Box, trackId: number, trexDefault: number): Span {
  let time = 0;
  const durations: number[] = [];
  for (const traf of children(view, moof.start, moof.end)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(view, traf, 'tfhd');
    if (!tfhd || tfhd.start + 8 > tfhd.end || view.getUint32(tfhd.start + 4) !== trackId) continue;
    const tfhdFlags = view.getUint32(tfhd.start) & 0xffffff;
    // tfhd's optional fields in order: base_data_offset (8), sample_description_index (4), default_sample_duration.
    const at = tfhd.start + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
    const fallback = tfhdFlags & 0x8 ? view.getUint32(at) : trexDefault;
    for (const trun of children(view, traf.start, traf.end)) {
      if (trun.type !== 'trun') continue;
      const flags = view.getUint32(trun.start) & 0xffffff;
      const count = view.getUint32(trun.start + 4);
      if (!(flags & 0x100)) {
        time += count * fallback;
        for (let i = 0; i < count && durations.length < RATE_SAMPLES; i++) durations.push(fallback);
        continue;
      }
      const stride = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
      for (let i = 0, p = trun.start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0); i < count && p + 4 <= trun.end; i++, p += stride) {
        const duration = view.getUint32(p);
        time += duration;
        if (durations.length < RATE_SAMPLES) durations.push(duration);
      }
    }
  }
  return { durations, time };
}

/**
 * A fragmented file (an empty moov, as a browser's MediaRecorder and OBS's fragmented MP4 write
 * it: mvhd says 0 and stts lists no sample). Its length: mehd's when moov has one, else the video
 * track's sample durations summed over the moofs that follow moov, one small read per top-level
 * box as findMoov walks. Its frame rate: from the first moof with video samples (a fragment holds
 * a second or more of frames; the only one read when mehd gave the length), by their median
 * duration (FFmpeg stretches a fragmented file's first sample, a muxer its last).
 */
async function fragmented(reader: ByteReader, moov: { next: number }, view: DataView, root: Box, video: Track, movieScale: number, needMs: boolean): Promise<{ ms: number; durations: number[] }> {
  let durations: number[] = [];
  let time = 0;
  const mvex = child(view, root, 'mvex');
  if (!mvex) return { ms: 0, durations };
  const mehd = child(view, mvex, 'mehd');
  let ms = 0;
  if (needMs && mehd && movieScale > 0 && mehd.start + 8 <= mehd.end) ms = ((view.getUint8(mehd.start) === 1 ? u64(view, mehd.start + 4) : view.getUint32(mehd.start + 4)) / movieScale) * 1000;
  const walkAll = needMs && ms <= 0;
  const trex = [...children(view, mvex.start, mvex.end)].find((b) => b.type === 'trex' && b.start + 16 <= b.end && view.getUint32(b.start + 4) === video.id);
  const trexDefault = trex ? view.getUint32(trex.start + 12) : 0;
  let at = moov.next;
  for (let i = 0; i < MAX_TOP_BOXES && at + 8 <= reader.size && (walkAll || durations.length === 0); i++) {
    const head = await reader.read(at, 16);
    const h = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const size = h.getUint32(0) === 1 && head.length >= 16 ? u64(h, 8) : h.getUint32(0);
    if (size < 8) break;
    if (String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!) === 'moof' && size <= MAX_MOOF_BYTES) {
      const bytes = await reader.read(at, size);
      const moofView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const moof = children(moofView, 0, bytes.byteLength).next();
      if (!moof.done) {
        const part = fragmentSpan(moofView, moof.value, video.id, trexDefault);
        time += part.time;
        if (durations.length === 0) durations = part.durations;
      }
    }
    at += size;
  }
  if (walkAll && video.timescale > 0) ms = (time / video.timescale) * 1000;
  return { ms, durations };
}

/** Frames a second from sample durations: the median one's rate; null without any of some duration. */
function rateOf(durations: readonly number[], timescale: number): number | null {
  const sorted = durations.filter((d) => d > 0).sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  return median && timescale > 0 ? timescale / median : null;
}

export async function probeIsoBmff(reader: ByteReader): Promise<Result<VideoProbe, VideoProbeFailure>> {
  const moov = await findMoov(reader);
  const container = (brand: string | null) => (brand === 'qt  ' ? 'mov' : 'mp4') as 'mov' | 'mp4';
  if (!moov) return { ok: false, error: { code: 'unreadable', container: null, where: 'moov' } };
  if (moov.size > MAX_MOOV_BYTES) return { ok: false, error: { code: 'unreadable', container: container(moov.brand), where: 'moov size' } };
  const bytes = await reader.read(moov.offset, moov.size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const root: Box = { type: 'moov', start: 0, end: bytes.byteLength };
  const kind = container(moov.brand);
  try {
    const tracks = [...children(view, root.start, root.end)].filter((b) => b.type === 'trak').map((b) => track(view, b));
    const video = tracks.find((t) => t?.handler === 'vide');
    const audio = tracks.find((t) => t?.handler === 'soun');
    if (!video) return { ok: false, error: { code: 'no_video_track', container: kind } };
    const mvhd = child(view, root, 'mvhd');
    const movie = mvhd ? timing(view, mvhd) : { timescale: 0, duration: 0 };
    const movieMs = movie.timescale > 0 ? (movie.duration / movie.timescale) * 1000 : 0;
    const trackMs = video.timescale > 0 ? (video.duration / video.timescale) * 1000 : 0;
    const needMs = movieMs <= 0 && trackMs <= 0;
    // stts lists no sample of a fragmented file: its samples are in the moofs.
    const frags = needMs || video.samples === 0 ? await fragmented(reader, moov, view, root, video, movie.timescale, needMs) : null;
    const fragmentsMs = frags?.ms ?? 0;
    const fps = video.samples > 0 && video.sampleTime > 0 ? (video.samples * video.timescale) / video.sampleTime : rateOf(frags?.durations ?? [], video.timescale);
    return {
      ok: true,
      value: {
        container: kind,
        duration_ms: Math.round(movieMs > 0 ? movieMs : trackMs > 0 ? trackMs : fragmentsMs),
        width: video.width,
        height: video.height,
        rotation: video.rotation,
        fps: fps === null ? null : Math.round(fps * 1000) / 1000,
        video_codec: codecOfSampleEntry(video.entry),
        video_profile: video.detail.profile,
        bit_depth: video.detail.bit_depth ?? (video.entry === 'vp08' ? 8 : null),
        audio_codec: audio ? codecOfSampleEntry(audio.entry) : null,
        size_bytes: reader.size,
      },
    };
  } catch (error) {
    // A box whose sizes point outside moov: DataView throws RangeError; the file is damaged.
    if (error instanceof RangeError) return { ok: false, error: { code: 'unreadable', container: kind, where: 'moov boxes' } };
    throw error;
  }
}
