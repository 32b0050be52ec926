import { DomainError, ErrorCode, ruleViolation } from '../errors.ts';

/**
 * The answer of a pure rule: ok, or the DomainError the server throws (inside its transaction)
 * and the web shows. Rules return instead of throwing so the web can ask them without try/catch.
 */
export type RuleResult = { ok: true } | { ok: false; error: DomainError };

export const RULE_OK: RuleResult = Object.freeze({ ok: true });

/** `hint`: what to do next, answered beside the error (DomainError.hint). */
export function failRule(message: string, hint?: string): RuleResult {
  return {
    ok: false,
    error:
      hint === undefined ? ruleViolation(message) : new DomainError(ErrorCode.RuleViolation, message, hint),
  };
}

/** Throws the rule's error; for services that want `assertRule(checkX(...))` in a transaction. */
export function assertRule(result: RuleResult): asserts result is { ok: true } {
  if (!result.ok) throw result.error;
}
