/** What a page whose feature has not been built shows: an honest notice, never fake data. */
import { NonIdealState } from '@blueprintjs/core';

/** A notice that `title` is not available yet. */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <div className="kosh-page kosh-page--centered">
      <NonIdealState
        icon="build"
        title={`${title} is not yet available`}
        description="This part of the platform is being built. Everything you see elsewhere is live."
      />
    </div>
  );
}
