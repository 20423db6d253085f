import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FeatureProviders, type ProvidedFeature } from '../feature';
import type { Services } from '../services';
import { ShellContext } from './hooks';

/** The one provider of the app: translations, the shell's actors, then every product's flows. */
export function AppProviders(props: { services: Services; features: ProvidedFeature[]; children: ReactNode }) {
  return (
    <I18nextProvider i18n={props.services.i18n}>
      <ShellContext.Provider value={props.services.shell}>
        <FeatureProviders features={props.features}>{props.children}</FeatureProviders>
      </ShellContext.Provider>
    </I18nextProvider>
  );
}
