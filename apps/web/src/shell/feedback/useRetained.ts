import { useState } from 'react';

/** Keeps showing the last non-null value while a dialog plays its closing transition. */
export function useRetained<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
