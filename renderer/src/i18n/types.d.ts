/** Message ids are the English catalog's keys: a typo or a removed message fails the typecheck. */
import type { MessageId } from './messages/en';

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
  /** Vite's import.meta.glob as catalogs.ts uses it (lazy, default export), without loading all of vite/client's types. */
  interface ImportMeta {
    glob<T>(patterns: string | readonly string[], options: { import: 'default' }): Record<string, () => Promise<T>>;
  }
}
