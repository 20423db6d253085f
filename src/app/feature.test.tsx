// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineFeature, FeatureProviders, page } from './feature';
import { createFlowContext } from './flowContext';
import { PageLoadError } from './ui/PageLoading';
import type { Services } from './services';
import { initI18n } from '../services/i18n';
import { darkTheme } from './theme';

afterEach(cleanup);

// The rest of English arrives a moment after it is asked for, as over the network: a page waiting
// for it shows its loading state first and is rendered again when it has come.
vi.mock('../locales', async (original) => ({
  ...(await original<typeof import('../locales')>()),
  loadEnglishRest: () => new Promise((resolve) => setTimeout(() => resolve({}), 30)),
}));

interface Flows {
  greeting: string;
}

/**
 * A product declared with `load`: its flows' module is not fetched until one of its pages is wanted
 * (prefetched or rendered), is fetched once, and its views read the flows as with `provide`.
 */
describe('a product whose flows load with its pages', () => {
  function lazyProduct() {
    const Context = createFlowContext<Flows>('Lazy');
    const load = vi.fn(async () => ({ provide: (services: Services) => ({ greeting: `hello ${(services as unknown as { name: string }).name}` }) }));
    const View = () => <p>{Context.use().greeting}</p>;
    const feature = defineFeature({
      id: 'lazy',
      context: Context,
      routes: { site: [{ path: 'lazy', page: page(async () => ({ View }), 'View') }] },
      load,
    });
    return { feature, load, View };
  }

  /** The product's view rendered under its providers, waiting at a Suspense boundary as the shell does. */
  async function renderInside(provided: ReturnType<ReturnType<typeof lazyProduct>['feature']['provide']>, View: ComponentType) {
    await act(async () => {
      render(
        <FeatureProviders features={[provided]}>
          <Suspense fallback={<p>loading</p>}>
            <View />
          </Suspense>
        </FeatureProviders>,
      );
    });
  }

  it('fetches nothing at start, then once for a prefetch and the render together', async () => {
    const { feature, load, View } = lazyProduct();
    const provided = feature.provide({ name: 'trader' } as unknown as Services);
    expect(load).not.toHaveBeenCalled();
    // The route table's prefetch of the page starts the flows too (even before the services exist).
    await feature.routes.site![0]!.page!.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await renderInside(provided, View);
    expect(await screen.findByText('hello trader')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a view rendered first suspends until the flows arrive', async () => {
    const { feature, load, View } = lazyProduct();
    const provided = feature.provide({ name: 'visitor' } as unknown as Services);
    await renderInside(provided, View);
    expect(await screen.findByText('hello visitor')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a page whose code does not arrive', () => {
  it('fails after the script chunk timeout (spec §9: 120 s), and the next try fetches again', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => new Promise<{ Late: () => null }>(() => undefined));
      const late = page(load, 'Late');
      const outcome = late.preload().then(
        () => 'loaded',
        (error: unknown) => (error instanceof PageLoadError ? 'failed' : 'other'),
      );
      await vi.advanceTimersByTimeAsync(119_000);
      expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await outcome).toBe('failed');
      void late.preload().catch(() => undefined);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a page opened before the rest of English has arrived', () => {
  // react-i18next gives each mounted component its own wrapper around the instance, and a page that
  // suspends on its first mount is mounted anew on the retry. Keyed by that wrapper, the catalogue's
  // wait was a new promise at every retry and the page showed "Loading…" for good (CI, a slow machine).
  it('renders once English is complete, on its first mount', async () => {
    const i18n = await initI18n();
    const opened = page(async () => ({ Opened: () => <p>opened page</p> }), 'Opened');
    await act(async () => {
      render(
        <ThemeProvider theme={darkTheme}>
          <I18nextProvider i18n={i18n}>{opened.element}</I18nextProvider>
        </ThemeProvider>,
      );
    });
    expect(await screen.findByText('opened page', undefined, { timeout: 3_000 })).toBeTruthy();
  });
});
