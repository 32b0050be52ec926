/** The shell's answer schemas; pass `shellSchemas().then(...)` as an apiCall schema (docs/decisions.md, "First load"). */
export const shellSchemas = () => import('./shell.schemas.ts');
