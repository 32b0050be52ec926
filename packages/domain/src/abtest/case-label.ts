// How a case is named wherever an operator reads it (screens, dialogs, tooltips, sentences): numbered from 1,
// the first being the control. The API keeps its 0-based caseIndex; only the words change.

/** "Case 1 (control)", "Case 2", ... for the 0-based case index. */
export function caseLabel(caseIndex: number): string {
  return caseIndex === 0 ? 'Case 1 (control)' : `Case ${caseIndex + 1}`;
}

/** Several cases, in index order: "Case 1 (control)", "Case 1 (control) and Case 3", "Case 2, Case 3 and Case 4". */
export function caseLabels(caseIndexes: Iterable<number>): string {
  const labels = [...caseIndexes].sort((a, b) => a - b).map(caseLabel);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
