/** Puts the server's per-field messages (400 `fields`) under the matching inputs; true if any matched. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

export function applyServerFieldErrors<T extends FieldValues>(err: unknown, known: readonly Path<T>[], setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError) || !err.fields) return false;
  let matched = false;
  for (const [key, message] of Object.entries(err.fields)) {
    const name = known.find((k) => k === key);
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}
