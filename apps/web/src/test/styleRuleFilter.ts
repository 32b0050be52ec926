// biome-ignore lint/correctness/noNodejsModules: the test setup runs in Node (vitest) and reaches jsdom's own modules
import { createRequire } from 'node:module';

/** What an element must be to match one selector: its tag (null: any), classes and attributes it must all have. */
export interface SubjectRequirement {
  tag: string | null;
  classes: string[];
  attributes: string[];
}

/**
 * What an element must be to match a selector list, one requirement per selector of the list, or null when
 * some selector of the list could match any element (then nothing can be ruled out). Only the rightmost
 * compound selector counts (the subject), and only its tag, its classes and the names of its attribute
 * selectors, outside parentheses: `.a .b:not(.c)` needs class `b`, `div > p.x[href^="/"]` a `p` with
 * class `x` and an `href`. Selectors this reading is not sure of (escapes, namespaces, nesting) give null.
 */
export function subjectRequirements(selectorList: string): SubjectRequirement[] | null {
  if (/[\\&|]/.test(selectorList)) return null;
  const requirements: SubjectRequirement[] = [];
  for (const selector of splitOutside(selectorList, (char) => char === ',')) {
    const requirement = subjectRequirement(selector.trim());
    if (!requirement) return null;
    requirements.push(requirement);
  }
  return requirements;
}

/**
 * Splits at the characters `isSeparator` picks outside parentheses, quoted strings and, unless told
 * otherwise, square brackets (an attribute selector's opening bracket can itself be the separator).
 */
function splitOutside(
  text: string,
  isSeparator: (char: string) => boolean,
  { brackets = true }: { brackets?: boolean } = {},
): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '"' || char === "'") {
      const end = text.indexOf(char, index + 1);
      index = end === -1 ? text.length : end;
    } else if (char === '(' || (brackets && char === '[')) depth++;
    else if (char === ')' || (brackets && char === ']')) depth--;
    else if (depth === 0 && isSeparator(char)) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function subjectRequirement(selector: string): SubjectRequirement | null {
  // The subject compound is what follows the last combinator (space, >, +, ~).
  const subject = splitOutside(selector, (char) => /[\s>+~]/.test(char)).at(-1) ?? '';
  const tag = /^[a-zA-Z][-a-zA-Z0-9]*/.exec(subject)?.[0]?.toLowerCase() ?? null;
  const classes: string[] = [];
  const [, ...afterDots] = splitOutside(subject, (char) => char === '.');
  for (const part of afterDots) {
    const name = /^-?[_a-zA-Z][-_a-zA-Z0-9]*/.exec(part)?.[0];
    // A dot not followed by a plain class name: not sure what it is, so it rules nothing out.
    if (!name) return null;
    classes.push(name);
  }
  const attributes: string[] = [];
  const [, ...afterBrackets] = splitOutside(subject, (char) => char === '[', { brackets: false });
  for (const part of afterBrackets) {
    const name = /^\s*([_a-zA-Z][-_a-zA-Z0-9]*)\s*(?:[~^$*]?=|\])/.exec(part)?.[1];
    if (!name) return null;
    attributes.push(name);
  }
  return tag === null && classes.length === 0 && attributes.length === 0
    ? null
    : { tag, classes, attributes };
}

interface ElementLike {
  localName: string;
  namespaceURI: string | null;
  classList: { contains(name: string): boolean };
  hasAttribute(name: string): boolean;
}
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/** Whether an element cannot match a selector list with these requirements. */
export function cannotMatch(requirements: SubjectRequirement[] | null, element: ElementLike): boolean {
  if (!requirements) return false;
  // A type selector matches an HTML element whatever its case; other elements' names are not compared.
  // hasAttribute, like an attribute selector, ignores the case of the name on HTML elements only.
  const isHtml = element.namespaceURI === HTML_NAMESPACE;
  return requirements.every(
    ({ tag, classes, attributes }) =>
      (tag !== null && isHtml && element.localName !== tag) ||
      classes.some((name) => !element.classList.contains(name)) ||
      attributes.some((name) => !element.hasAttribute(name)),
  );
}

interface CheckResult {
  match: boolean;
  ast: unknown;
  pseudoElement: string | null;
}
type Check = ((selector: string, node: unknown, options?: unknown) => CheckResult) & { isFiltered?: true };
interface DomSelector {
  check?: Check;
}

/**
 * jsdom's getComputedStyle matches every style rule of the document (its own default sheet's few hundred,
 * and emotion's few hundred a screen for MUI, nearly all `.css-hash` or `.css-hash.Mui-state`) against the
 * element, and for inherited properties against its ancestors, through its selector engine's `check`.
 * Testing Library's *ByRole queries ask for the computed style of every candidate element and its
 * ancestors. This wraps `check` with the cheap half of what browsers do: a rule whose every selector needs
 * a tag or a class the element lacks cannot match, and is answered "no match" without running the engine.
 * Every other rule goes to jsdom's own `check`, so computed styles come out exactly as before.
 * Returns whether the filter is in place (false when jsdom's internals are not as expected: nothing changes).
 */
export function filterStyleRules(document: Document): boolean {
  // Quirks mode matches classes case-insensitively.
  if (document.compatMode !== 'CSS1Compat') return false;
  const domSelector = jsdomSelectorOf(document);
  const check = domSelector?.check;
  if (!domSelector || typeof check !== 'function') return false;
  if (check.isFiltered) return true;
  const requirementsBySelector = new Map<string, SubjectRequirement[] | null>();
  const filtered: Check = (selector, node, options) => {
    let requirements = requirementsBySelector.get(selector);
    if (requirements === undefined) {
      requirements = subjectRequirements(selector);
      requirementsBySelector.set(selector, requirements);
    }
    const element = node as Partial<ElementLike> | null;
    if (
      element?.classList &&
      typeof element.localName === 'string' &&
      cannotMatch(requirements, element as ElementLike)
    ) {
      return { match: false, ast: null, pseudoElement: null };
    }
    return check(selector, node, options);
  };
  filtered.isFiltered = true;
  domSelector.check = filtered;
  return true;
}

function jsdomSelectorOf(document: Document): DomSelector | undefined {
  try {
    const idlUtils = createRequire(import.meta.url)('jsdom/lib/generated/idl/utils.js') as {
      implForWrapper(wrapper: unknown): { _getDOMSelector?: () => DomSelector } | null;
    };
    return idlUtils.implForWrapper(document)?._getDOMSelector?.();
  } catch {
    return undefined;
  }
}
