/** The rider app's dark mode, kept across visits on this phone. */
import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@/lib/storage-keys';

type Theme = 'light' | 'dark';

export function useRiderTheme() {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem(STORAGE_KEYS.riderTheme) === 'dark' ? 'dark' : 'light'));
  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.riderTheme, theme);
  }, [theme]);
  return { theme, toggle: () => setTheme((t) => (t === 'dark' ? 'light' : 'dark')) };
}

/** Points the page at the rider app's manifest (start /rider) while a rider screen is open. */
export function useRiderManifest() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const before = link.href;
    link.href = '/rider.webmanifest';
    return () => {
      link.href = before;
    };
  }, []);
}
