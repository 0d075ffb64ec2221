/**
 * Profile and bit depth from a video track's decoder configuration (the bytes of an avcC, hvcC or
 * vpcC box in MP4/MOV, or a Matroska track's CodecPrivate), with profile names as ffprobe prints
 * them so the FFmpeg side and the tests compare like with like. Pure.
 */

export interface CodecDetail {
  profile: string | null;
  bit_depth: number | null;
}

const H264_PROFILES: Record<number, string> = {
  66: 'Baseline', 77: 'Main', 88: 'Extended', 100: 'High', 110: 'High 10', 122: 'High 4:2:2', 244: 'High 4:4:4 Predictive', 44: 'CAVLC 4:4:4',
};
/** profile_idc values whose SPS carries chroma_format_idc and the bit depths (ITU-T H.264 7.3.2.1.1). */
const H264_HIGH = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** Exp-Golomb reader over an RBSP (emulation prevention bytes removed). */
class Bits {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}
  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new RangeError('end of SPS');
      v = (v << 1) | ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) if (++zeros > 31) throw new RangeError('bad exp-Golomb');
    return (1 << zeros) - 1 + this.u(zeros);
  }
}

function rbsp(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]!);
  }
  return Uint8Array.from(out);
}

/** The luma bit depth an H.264 SPS states (8 unless a High profile says otherwise). */
function h264SpsBitDepth(sps: Uint8Array): number | null {
  try {
    const bits = new Bits(rbsp(sps.subarray(1))); // skip the NAL header byte
    const profileIdc = bits.u(8);
    bits.u(16); // constraint flags, level
    bits.ue(); // seq_parameter_set_id
    if (!H264_HIGH.has(profileIdc)) return 8;
    if (bits.ue() === 3) bits.u(1); // chroma_format_idc 4:4:4 → separate_colour_plane_flag
    return bits.ue() + 8;
  } catch {
    return null;
  }
}

/** avcC (ISO/IEC 14496-15 5.3.3.1): profile, constraint flags, level, then the SPS list. */
export function avcDetail(avcC: Uint8Array): CodecDetail {
  if (avcC.length < 7) return { profile: null, bit_depth: null };
  const profileIdc = avcC[1]!;
  const constrained = (avcC[2]! & 0x40) !== 0;
  let profile = H264_PROFILES[profileIdc] ?? null;
  if (profileIdc === 66 && constrained) profile = 'Constrained Baseline';
  const spsCount = avcC[5]! & 0x1f;
  let bitDepth: number | null = null;
  if (spsCount > 0 && avcC.length >= 8) {
    const length = (avcC[6]! << 8) | avcC[7]!;
    bitDepth = h264SpsBitDepth(avcC.subarray(8, 8 + length));
  }
  return { profile, bit_depth: bitDepth };
}

const HEVC_PROFILES: Record<number, string> = { 1: 'Main', 2: 'Main 10', 3: 'Main Still Picture', 4: 'Rext' };

/** hvcC (ISO/IEC 14496-15 8.3.3.1): byte 1 holds the profile, byte 17 bitDepthLumaMinus8. */
export function hevcDetail(hvcC: Uint8Array): CodecDetail {
  if (hvcC.length < 19) return { profile: null, bit_depth: null };
  return { profile: HEVC_PROFILES[hvcC[1]! & 0x1f] ?? null, bit_depth: (hvcC[17]! & 0x07) + 8 };
}

/** vpcC payload after its version and flags (VP Codec ISO Media File Format 2.2): profile, level, bitDepth in the high nibble. */
export function vpcDetail(payload: Uint8Array): CodecDetail {
  if (payload.length < 3) return { profile: null, bit_depth: null };
  return { profile: `Profile ${payload[0]!}`, bit_depth: payload[2]! >> 4 };
}

/** A Matroska VP9 CodecPrivate: ID (1 profile, 3 bit depth), length, value, repeated. */
export function vp9PrivateDetail(codecPrivate: Uint8Array): CodecDetail {
  let profile: string | null = null;
  let bitDepth: number | null = null;
  for (let i = 0; i + 2 < codecPrivate.length + 1; ) {
    const id = codecPrivate[i]!;
    const length = codecPrivate[i + 1] ?? 0;
    const value = codecPrivate[i + 2];
    if (value === undefined) break;
    if (id === 1) profile = `Profile ${value}`;
    if (id === 3) bitDepth = value;
    i += 2 + length;
  }
  return { profile, bit_depth: bitDepth };
}

const PRORES: Record<string, string> = { apco: 'Proxy', apcs: 'LT', apcn: 'Standard', apch: 'HQ', ap4h: '4444', ap4x: '4444XQ' };

/** ffprobe's codec_name for an MP4/MOV sample entry type. */
export function codecOfSampleEntry(type: string): string {
  if (type === 'avc1' || type === 'avc3') return 'h264';
  if (type === 'hvc1' || type === 'hev1') return 'hevc';
  if (type === 'vp08') return 'vp8';
  if (type === 'vp09') return 'vp9';
  if (type === 'av01') return 'av1';
  if (type in PRORES) return 'prores';
  if (type === 'AVdn' || type === 'AVdh') return 'dnxhd';
  if (type === 'mp4v') return 'mpeg4';
  if (type === 'mp4a') return 'aac';
  if (type === 'Opus') return 'opus';
  if (type === 'ac-3') return 'ac3';
  if (type === 'ec-3') return 'eac3';
  if (type === 'fLaC') return 'flac';
  if (type === '.mp3') return 'mp3';
  if (type === 'sowt' || type === 'twos' || type === 'lpcm' || type === 'in24' || type === 'fl32') return 'pcm';
  return type.trim().toLowerCase();
}

/** ProRes variants carry their profile in the sample entry type; 4444 is 12-bit, the rest 10. */
export function proresDetail(type: string): CodecDetail {
  const profile = PRORES[type] ?? null;
  return { profile, bit_depth: profile === null ? null : type.startsWith('ap4') ? 12 : 10 };
}

/** ffprobe's codec_name for a Matroska CodecID. */
export function codecOfMatroskaId(codecId: string): string {
  const known: Record<string, string> = {
    V_VP8: 'vp8', V_VP9: 'vp9', V_AV1: 'av1', 'V_MPEG4/ISO/AVC': 'h264', 'V_MPEGH/ISO/HEVC': 'hevc', V_PRORES: 'prores',
    'V_MPEG4/ISO/ASP': 'mpeg4', A_OPUS: 'opus', A_VORBIS: 'vorbis', A_AAC: 'aac', A_AC3: 'ac3', A_EAC3: 'eac3', A_FLAC: 'flac', 'A_MPEG/L3': 'mp3',
  };
  return known[codecId] ?? (codecId.startsWith('A_AAC') ? 'aac' : codecId.startsWith('A_PCM') ? 'pcm' : codecId.toLowerCase());
}
