/**
 * Which language the sandbox's own pages (consent, payment) speak: the browser's Accept-Language,
 * read the way browsers send it (q-values, regional tags), matched to the six languages the app
 * speaks. These are the platform's pages a creator sees during sign-in and purchase, so the
 * sandbox keeps its own small catalog (page-words.ts) rather than borrowing the app's.
 */

import type { Reply } from '../../server-kit/http/reply.js';

export const PAGE_LANGUAGES = ['en', 'es', 'pt-BR', 'id', 'ja', 'ar'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** A primary subtag to the language we serve for it (pt-PT and pt are still better served in pt-BR than in English; `in` is Indonesian's old code). */
const BY_PRIMARY: Readonly<Record<string, PageLanguage>> = { en: 'en', es: 'es', pt: 'pt-BR', id: 'id', in: 'id', ja: 'ja', ar: 'ar' };

/** An over-long header is a client's mistake or an attack; the first part of it decides. */
const MAX_HEADER = 1000;
const MAX_RANGES = 30;

interface LanguageRange {
  tag: string;
  q: number;
  order: number;
}

function parseRanges(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  for (const [order, part] of header.slice(0, MAX_HEADER).split(',').slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...rawParams] = part.split(';');
    const tag = rawTag!.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) continue;
    let q = 1;
    for (const param of rawParams) {
      if (!/^\s*q\s*=/i.test(param)) continue;
      // A weight that is not one (q=2x) makes the range unreadable: skip it rather than guess.
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      q = match ? Math.min(1, Number(match[1])) : 0;
    }
    if (q > 0) ranges.push({ tag, q, order });
  }
  // Highest q first; equal q keeps the header's order (the browser's preference order).
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The page language for an Accept-Language header: its most preferred range we speak, else English. */
export function pickPageLanguage(header: string | string[] | undefined): PageLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const { tag } of parseRanges(value)) {
    if (tag === '*') return 'en';
    const language = BY_PRIMARY[tag.split('-')[0]!];
    if (language) return language;
  }
  return 'en';
}

/** Arabic is written right to left; the page's dir attribute says so. */
export function pageDirection(language: PageLanguage): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** A page's reply says which language it is in, and caches know it differs by Accept-Language. */
export function languageReply(reply: Reply, language: PageLanguage): Reply {
  return { ...reply, headers: { ...reply.headers, 'Content-Language': language, Vary: 'Accept-Language' } };
}
