import { type DomainError, ruleViolation } from '../errors.ts';

/**
 * The answer of a pure rule: ok, or the DomainError the server throws (inside its transaction)
 * and the web shows. Rules return instead of throwing so the web can ask them without try/catch.
 */
export type RuleResult = { ok: true } | { ok: false; error: DomainError };

export const RULE_OK: RuleResult = Object.freeze({ ok: true });

export function failRule(message: string): RuleResult {
  return { ok: false, error: ruleViolation(message) };
}

/** Throws the rule's error; for services that want `assertRule(checkX(...))` in a transaction. */
export function assertRule(result: RuleResult): asserts result is { ok: true } {
  if (!result.ok) throw result.error;
}
