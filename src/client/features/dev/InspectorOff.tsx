/** /dev/machines in a build without the machine inspector. */
import { NonIdealState } from '@blueprintjs/core';

export function InspectorOff() {
  return (
    <div className="kosh-page kosh-page--centered">
      <NonIdealState
        icon="diagram-tree"
        title="The machine inspector is off"
        description="Start the server with INSPECTOR=on to inspect the app's statecharts here."
      />
    </div>
  );
}
