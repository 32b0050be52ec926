/** Helper texts that wrap keep at least two words on their last line, never a lone word. */
export const HINT_SX = { textWrap: 'pretty' } as const;
