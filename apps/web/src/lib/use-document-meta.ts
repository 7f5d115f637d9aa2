/** Sets the page title and meta description once a screen knows them (e.g. a product's name). */
import { SHOP } from '@meatshop/shared/constants';
import { useEffect } from 'react';

export function useDocumentMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (title) document.title = `${title} · ${SHOP.name}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
