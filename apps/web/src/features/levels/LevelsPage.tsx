import { Page } from '../../shell/Page.tsx';

/** spec §2: an empty page titled Levels. */
export function LevelsPage() {
  return <Page title="Levels" />;
}
