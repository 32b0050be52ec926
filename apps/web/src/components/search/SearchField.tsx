import { SEARCH_TEXT_MAX_LENGTH } from '@console/domain/api';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before the search runs: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  /** The search in effect (from the URL). */
  value: string;
  onSearch(q: string): void;
  label?: string;
  /** Pickers take the focus to their search box when they open. */
  autoFocus?: boolean;
}

/**
 * A list's search box. The box keeps what is typed at once (typing never waits for the table); the
 * search runs once typing pauses, and Enter runs it at once. A new search from outside (Back, a reload)
 * replaces the text.
 */
export function SearchField({ value, onSearch, label = 'Search', autoFocus = false }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      autoFocus={autoFocus}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text.trim() !== sent.current) {
          sent.current = text.trim();
          onSearch(text.trim());
        }
      }}
      slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX_LENGTH } }}
      sx={{ minWidth: 220 }}
    />
  );
}
