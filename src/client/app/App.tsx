/** The application: providers around the router, both created once per page load (main.tsx). */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { createActor } from 'xstate';
import { supportWidgetMachine } from '../../../machines/supportWidget.machine';
import type { Session } from '../../shared/contracts/auth';
import { inspect } from './actorInspection';
import { appConfigQuery } from './appConfig';
import { bootMessenger, updateMessenger } from './messengerWidget';
import type { AppRouter } from './router';
import { sessionKey } from './sessionQueries';
import { SystemProvider, type System } from './system';

/** With SUPPORT_WIDGET_APP_ID, the messenger widget follows the routes (spec 01 §9); returns its stop. */
function followWithWidget(system: System, router: AppRouter): () => void {
  let stop = () => {};
  let stopped = false;
  void system.queryClient
    .fetchQuery(appConfigQuery)
    .then(({ support }) => {
      const appId = support.widget_app_id;
      if (stopped || !appId) return;
      const profile = () => system.queryClient.getQueryData<Session>(sessionKey);
      const widget = createActor(
        supportWidgetMachine.provide({
          actions: { bootWidget: () => bootMessenger(appId, profile()), updateWidget: () => updateMessenger(profile()) },
        }),
        { inspect },
      ).start();
      let path = router.state.location.pathname;
      const unsubscribe = router.subscribe((state) => {
        if (state.location.pathname === path) return;
        path = state.location.pathname;
        widget.send({ type: 'route.changed' });
      });
      stop = () => {
        unsubscribe();
        widget.stop();
      };
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop();
  };
}

export function App({ system, router }: { system: System; router: AppRouter }) {
  useEffect(() => {
    let path = router.state.location.pathname;
    // Every navigation checks the deployed version (spec 01 §4).
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      system.appVersion.send({ type: 'route.changed' });
    });
  }, [router, system]);
  useEffect(() => followWithWidget(system, router), [router, system]);
  return (
    <QueryClientProvider client={system.queryClient}>
      <SystemProvider system={system}>
        <RouterProvider router={router} />
      </SystemProvider>
    </QueryClientProvider>
  );
}
