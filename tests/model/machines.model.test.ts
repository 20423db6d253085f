/**
 * Every machine under src/ (any *.machine.ts), walked along its generated paths: the one suite
 * that finds the machines by itself, like `npm run paths`. A machine without a <flow>.model.ts
 * beside it fails here. Scenario tests for particular flows live in the other files.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discoverMachines } from '../../scripts/lib/machineModels';
import { describeModel } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const machines = await discoverMachines();

describe('machine discovery', () => {
  it('finds the machines under src/', () => expect(machines.length).toBeGreaterThan(30));
  it('every machine has a model file', () => {
    expect(machines.filter((m) => !m.hasModel).map((m) => m.file)).toEqual([]);
  });
});

for (const m of machines.filter((found) => found.hasModel)) {
  describe(`${m.name} (${m.file})`, () => describeModel(m.model));
}
