import { useSearchParams } from 'react-router';

/**
 * A screen's view state (filters, sort, search, tab, range) kept in the URL's query, so it survives a
 * reload, back and forward and can be shared (docs/decisions/0025). `read` turns
 * the query into the state, a missing or refused value into its default; `write` sets the state's
 * parameters on a copy of the query (other parameters kept), leaving defaults out. Each change is a
 * history entry, so Back undoes it, as the plugin tab does.
 */
export function useViewState<State>(
  read: (params: URLSearchParams) => State,
  write: (params: URLSearchParams, state: State) => void,
): [State, (next: State) => void] {
  const [params, setParams] = useSearchParams();
  const state = read(params);
  const change = (next: State) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      write(copy, next);
      return copy;
    });
  return [state, change];
}

/** Sets `name` to `value`, or removes it when the value is the default. */
export function setOrDelete(params: URLSearchParams, name: string, value: string, defaultValue = ''): void {
  if (value === defaultValue) params.delete(name);
  else params.set(name, value);
}
