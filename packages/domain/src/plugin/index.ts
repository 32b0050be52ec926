// Plugin details: the draft's entries, its validity, reload, usage and activation rules.

export * from './plugin-activation.rules.ts';
export * from './plugin-details.schemas.ts';
export * from './plugin-draft.rules.ts';
export * from './plugin-impact.ts';
