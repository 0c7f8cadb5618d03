/**
 * An island's catalogue (vite.config.ts): for each language, its chunk of the messages that the
 * importing island's modules use. Import it from the island's entry script.
 */
declare module 'virtual:island-catalog' {
  import type { Messages } from '@lingui/core';

  /** By language: shared/i18n/locales.ts's LOCALES (mountIsland indexes it with a `Locale`). */
  export type IslandCatalog = Record<'en' | 'zh' | 'ru' | 'es', () => Promise<Messages>>;
  const catalog: IslandCatalog;
  export default catalog;
}
