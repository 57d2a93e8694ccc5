/** Popup wiring: ask the worker for the buildings and show them; settings open in a tab. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { BuildingList, type BuildingsState } from '../../components/BuildingList';
import { send } from '../../lib/messaging/client';

const openSettings = () => {
  void browser.runtime.openOptionsPage().then(() => window.close());
};

export function App() {
  const [state, setState] = useState<BuildingsState>({ status: 'loading' });

  const load = () => {
    setState({ status: 'loading' });
    void send('listBuildings', {}).then((response) =>
      setState(
        response.ok
          ? { status: 'ready', buildings: response.value }
          : { status: 'error', error: response.error },
      ),
    );
  };
  useEffect(load, []);

  return <BuildingList state={state} onRetry={load} onOpenSettings={openSettings} />;
}
