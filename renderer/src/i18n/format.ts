/**
 * Numbers in the words and units people read, in the window's locale: sizes, speeds, clip
 * lengths, times left, countdowns. Intl does the wording (units, digits, separators); the few
 * words around them are messages. Each takes the IntlShape (useFormat() binds the current one).
 */
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1 KB = 1024 bytes, as file managers on most desktops show it. */
export function formatBytes(intl: IntlShape, bytes: number, per?: 'second'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return intl.formatNumber(value, {
    style: 'unit',
    unit: per ? `${BYTE_UNITS[unit]}-per-${per}` : BYTE_UNITS[unit],
    // "12 bytes", but "4.5 MB": a byte count reads as a word, larger sizes as their symbol.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  });
}

export function formatSpeed(intl: IntlShape, bytesPerSecond: number): string {
  return formatBytes(intl, Math.round(bytesPerSecond), 'second');
}

/** A clip's length as a player shows it: 0:07, 12:40, 1:02:03 (in the locale's digits). */
export function formatDuration(intl: IntlShape, ms: number): string {
  const total = Math.round(ms / 1000);
  return digital(intl, Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60);
}

/** m:ss until a moment, for a countdown. */
export function formatCountdown(intl: IntlShape, ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return digital(intl, 0, Math.floor(total / 60), total % 60);
}

/** Time left, rounded the way a person says it. */
export function formatTimeLeft(intl: IntlShape, seconds: number): string {
  if (seconds < 5) return intl.formatMessage({ id: 'common.timeLeft.moment' });
  const unit = (value: number, name: 'second' | 'minute' | 'hour') => intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  let time: string;
  if (seconds < 60) time = unit(Math.ceil(seconds / 5) * 5, 'second');
  else {
    const minutes = Math.round(seconds / 60);
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) time = unit(minutes, 'minute');
    else time = rest === 0 ? unit(hours, 'hour') : intl.formatList([unit(hours, 'hour'), unit(rest, 'minute')], { type: 'unit', style: 'narrow' });
  }
  return intl.formatMessage({ id: 'common.timeLeft' }, { time });
}

export function formatClock(intl: IntlShape, epochMs: number): string {
  return intl.formatTime(epochMs, { hour: '2-digit', minute: '2-digit' });
}

function digital(intl: IntlShape, hours: number, minutes: number, seconds: number): string {
  const two = (value: number) => intl.formatNumber(value, { minimumIntegerDigits: 2, useGrouping: false });
  const one = (value: number) => intl.formatNumber(value, { useGrouping: false });
  return hours > 0 ? `${one(hours)}:${two(minutes)}:${two(seconds)}` : `${one(minutes)}:${two(seconds)}`;
}

/** The formatters bound to the window's locale; a component using them renders again when it changes. */
export function useFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      bytes: (bytes: number) => formatBytes(intl, bytes),
      speed: (bytesPerSecond: number) => formatSpeed(intl, bytesPerSecond),
      duration: (ms: number) => formatDuration(intl, ms),
      countdown: (ms: number) => formatCountdown(intl, ms),
      timeLeft: (seconds: number) => formatTimeLeft(intl, seconds),
      clock: (epochMs: number) => formatClock(intl, epochMs),
    }),
    [intl],
  );
}
