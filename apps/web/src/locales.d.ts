/** A PO catalog, compiled to a module of messages by Lingui's Vite plugin when imported (lib/i18n.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
