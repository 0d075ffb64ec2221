import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCountdown, formatDuration, formatSpeed, formatTimeLeft } from '../../../../../renderer/src/i18n/format';
import { en } from '../../../../../renderer/src/i18n/messages/en';

const intlFor = (locale: string) => createIntl({ locale, messages: en });

describe('numbers in the window locale', () => {
  it('words sizes and speeds with Intl units, 1024 to a kilobyte', () => {
    const intl = intlFor('en');
    expect(formatBytes(intl, 1)).toBe('1 byte');
    expect(formatBytes(intl, 900)).toBe('900 bytes');
    expect(formatBytes(intl, 1536)).toBe('1.5 kB');
    expect(formatBytes(intl, 250 * 1024 * 1024)).toBe('250 MB');
    expect(formatSpeed(intl, 3 * 1024 * 1024)).toBe('3 MB/s');
    // Another locale's separator and unit words, from Intl rather than from us.
    expect(formatBytes(intlFor('pt-BR'), 1536)).toBe('1,5 kB');
    expect(formatBytes(intlFor('ja'), 900)).toMatch(/^900\s?バイト$/);
  });

  it('shows clip lengths and countdowns as a player does, in the locale digits', () => {
    const intl = intlFor('en');
    expect(formatDuration(intl, 7_000)).toBe('0:07');
    expect(formatDuration(intl, 3_723_000)).toBe('1:02:03');
    expect(formatCountdown(intl, 61_000)).toBe('1:01');
    expect(formatCountdown(intlFor('ar-EG'), 61_000)).toBe('١:٠١');
  });

  it('rounds time left the way a person says it', () => {
    const intl = intlFor('en');
    expect(formatTimeLeft(intl, 2)).toBe('a moment left');
    expect(formatTimeLeft(intl, 12)).toBe('15 sec left');
    expect(formatTimeLeft(intl, 600)).toBe('10 min left');
    expect(formatTimeLeft(intl, 7200)).toBe('2 hr left');
    expect(formatTimeLeft(intl, 7500)).toBe('2 hr 5 min left');
  });
});
