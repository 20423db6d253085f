import type { FlowContext } from '../../app/flowContext';
import { NoticesContext } from '../../app/layout/notices.context';
import type { SupportFlows } from './support.hooks';

/**
 * The product's context: the shell's notices slot (the bell's count, the platform notes), which
 * its flows fill and widen with the rest (support.flows.ts). feature.tsx provides the
 * slot's context itself (a module between them, in the code every page loads, had the bundler put
 * app/flowContext.tsx in a chunk of its own: +0.3 KB on /home); this gives the same object the
 * product's wider type for its hooks and views, which load with its pages.
 */
export const SupportContext = NoticesContext as unknown as FlowContext<SupportFlows>;
