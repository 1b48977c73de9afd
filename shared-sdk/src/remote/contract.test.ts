/** @jest-environment node */
import pkg from '../../package.json';
import { SDK_CONTRACT, isCompatibleContract } from './contract';

describe('SDK contract', () => {
  it('equals package.json kabuto.contract', () => {
    expect(SDK_CONTRACT).toBe(pkg.kabuto.contract);
  });

  it("equals the package's major version", () => {
    expect(SDK_CONTRACT).toBe(Number(pkg.version.split('.')[0]));
  });

  it('accepts only the same contract major', () => {
    expect(isCompatibleContract(SDK_CONTRACT)).toBe(true);
    expect(isCompatibleContract(SDK_CONTRACT + 1)).toBe(false);
  });
});
