/**
 * A video's facts and the verdict on it in words (docs/PLATFORM.md "Video rules"): the main
 * process sends codes and numbers (common/video-rules.ts), the window words them in its language
 * here, so a change of language rewords them.
 */
import type { IntlShape } from 'react-intl';
import type { VideoCheckView, VideoProbeView, VideoVerdictView } from '../../api/contract';
import { formatBytes, formatDuration } from '../../i18n/format';

/** Codec names as people know them (brand names: not translated). */
const CODEC_NAMES: Record<string, string> = { h264: 'H.264', hevc: 'H.265', vp8: 'VP8', vp9: 'VP9', av1: 'AV1', prores: 'ProRes', dnxhd: 'DNxHD', mpeg4: 'MPEG-4' };
const CONTAINER_NAMES: Record<string, string> = { mp4: 'MP4', mov: 'MOV', webm: 'WebM', mkv: 'MKV' };

export const codecName = (codec: string) => CODEC_NAMES[codec] ?? codec.toUpperCase();

/** "1080×1920 · 30 fps · H.264" (as displayed: a rotated phone video is portrait; the length is on the row's meta line). */
export function factsWords(intl: IntlShape, probe: VideoProbeView): string {
  const turned = probe.rotation === 90 || probe.rotation === 270;
  const codec = probe.bit_depth !== null && probe.bit_depth > 8 ? intl.formatMessage({ id: 'video.codec.bitDepth' }, { codec: codecName(probe.video_codec), bits: probe.bit_depth }) : codecName(probe.video_codec);
  const values = { width: turned ? probe.height : probe.width, height: turned ? probe.width : probe.height, codec };
  return probe.fps === null
    ? intl.formatMessage({ id: 'video.facts' }, values)
    : intl.formatMessage({ id: 'video.facts.fps' }, { ...values, fps: intl.formatNumber(probe.fps, { maximumFractionDigits: 2 }) });
}

type Broken = Exclude<VideoVerdictView, { kind: 'ok' }>['broken'][number];

function ruleWords(intl: IntlShape, broken: Broken): string {
  const ms = (value: Broken['actual']) => formatDuration(intl, Number(value));
  const bytes = (value: Broken['actual']) => formatBytes(intl, Number(value));
  const text = (value: Broken['actual']) => String(value);
  switch (broken.rule) {
    case 'container':
      return intl.formatMessage({ id: 'video.rule.container' }, { actual: CONTAINER_NAMES[text(broken.actual)] ?? text(broken.actual).toUpperCase() });
    case 'video_codec':
      return intl.formatMessage({ id: 'video.rule.video_codec' }, { actual: codecName(text(broken.actual)) });
    case 'bit_depth':
      return intl.formatMessage({ id: 'video.rule.bit_depth' }, { actual: broken.actual });
    case 'duration_long':
    case 'duration_short':
      return intl.formatMessage({ id: `video.rule.${broken.rule}` }, { actual: ms(broken.actual), limit: ms(broken.limit as number) });
    case 'resolution':
    case 'fps':
      return intl.formatMessage({ id: `video.rule.${broken.rule}` }, { actual: intl.formatNumber(Number(broken.actual), { maximumFractionDigits: 2 }), limit: intl.formatNumber(Number(broken.limit)) });
    case 'size':
      return intl.formatMessage({ id: 'video.rule.size' }, { actual: bytes(broken.actual), limit: bytes(broken.limit as number) });
    case 'unreadable':
      return intl.formatMessage({ id: 'video.rule.unreadable' });
  }
}

/** Which rules a video breaks and what happens to it; null for a video sent as it is. */
export function verdictWords(intl: IntlShape, verdict: VideoVerdictView): string | null {
  if (verdict.kind === 'ok') return null;
  if (verdict.broken.some((b) => b.rule === 'unreadable')) return intl.formatMessage({ id: 'video.verdict.unreadable' });
  const rules = intl.formatList(verdict.broken.map((b) => ruleWords(intl, b)), { type: 'conjunction' });
  if (verdict.kind === 'remux') return intl.formatMessage({ id: 'video.verdict.remux' }, { rules, into: CONTAINER_NAMES[verdict.into] });
  return intl.formatMessage({ id: verdict.kind === 'transcode' ? 'video.verdict.transcode' : 'video.verdict.refused' }, { rules });
}

/** The facts line and, for a video that breaks a rule, what happens to it. */
export function checkWords(intl: IntlShape, check: VideoCheckView): { facts: string | null; verdict: string | null } {
  return { facts: check.probe ? factsWords(intl, check.probe) : null, verdict: verdictWords(intl, check.verdict) };
}
