/** @jest-environment node */
import pkg from '../../package.json';
import { SDK_CONTRACT, SDK_VERSION, isCompatibleContract, isProvidedSdkNewEnough } from './contract';

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

  it('SDK_VERSION equals package.json version', () => {
    expect(SDK_VERSION).toBe(pkg.version);
  });

  it('a remote built against a newer minor than the provided copy is refused', () => {
    expect(isProvidedSdkNewEnough('1.1.0', '1.1.0')).toBe(true);
    expect(isProvidedSdkNewEnough('1.1.5', '1.1.0')).toBe(true); // patches add no exports
    expect(isProvidedSdkNewEnough('1.0.3', '1.2.0')).toBe(true);
    expect(isProvidedSdkNewEnough('1.2.0', '1.1.9')).toBe(false);
    expect(isProvidedSdkNewEnough('2.0.0', '1.9.0')).toBe(false);
    expect(isProvidedSdkNewEnough('1.0.0', '2.0.0')).toBe(false);
  });

  it('a missing or malformed version is refused', () => {
    expect(isProvidedSdkNewEnough(undefined, '2.0.0')).toBe(false);
    expect(isProvidedSdkNewEnough('one', '2.0.0')).toBe(false);
  });
});
