/**
 * Which language the sandbox's own pages (consent, payment) speak: the browser's Accept-Language,
 * read the way browsers send it (q-values, regional tags), matched to the six languages the app
 * speaks. These are the platform's pages a creator sees during sign-in and purchase, so the
 * sandbox keeps its own small catalog (page-words.ts) rather than borrowing the app's.
 */

import { acceptedLanguages } from '../../common/accept-language.js';
import type { Reply } from '../../server-kit/http/reply.js';

export const PAGE_LANGUAGES = ['en', 'es', 'pt-BR', 'id', 'ja', 'ar'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** A primary subtag to the language we serve for it (pt-PT and pt are still better served in pt-BR than in English; `in` is Indonesian's old code). */
const BY_PRIMARY: Readonly<Record<string, PageLanguage>> = { en: 'en', es: 'es', pt: 'pt-BR', id: 'id', in: 'id', ja: 'ja', ar: 'ar' };

/** The page language for an Accept-Language header: its most preferred range we speak, else English. */
export function pickPageLanguage(header: string | string[] | undefined): PageLanguage {
  for (const tag of acceptedLanguages(header)) {
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
