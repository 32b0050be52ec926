import { Page } from '../../components/Page.tsx';

/** An empty page titled Levels. */
export function LevelsPage() {
  return <Page title="Levels" />;
}
