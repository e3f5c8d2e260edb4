import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { requiredNodeRange, satisfiesRange } from './node-version.mjs';

describe('the Node the tests run on', () => {
  // Vitest's workers run on the Node that started Vitest: under `npm test` the one npm installed
  // (node_modules/.bin/node), which must be in package.json's engines range, not the system Node.
  it(`is in package.json's engines range (this worker: Node ${process.version})`, () => {
    const range = requiredNodeRange();
    expect(semver.validRange(range), `engines.node ${range}`).not.toBeNull();
    expect(satisfiesRange(process.versions.node, range), `Node ${process.version} in ${range}`).toBe(true);
    expect(semver.satisfies(process.versions.node, range)).toBe(true);
  });
});

describe('satisfiesRange (the dependency-free check scripts/test.sh and npm start run first)', () => {
  const ranges = [
    '>=22.13',
    '>=22.13.0',
    '>=20.19 <21 || >=22.12',
    '^22.13 || >=24',
    '>22',
    '>22.13',
    '>22.13.1',
    '<=22',
    '<=22.13',
    '<24',
    '24.x',
    '24',
    '~22.13',
    '^0.10',
    '>= 22.13',
    '*',
  ];
  const versions = ['v20.20.2', '22.12.0', '22.13.0', '22.13.1', '22.14.0', '23.0.0', '24.22.3', '0.10.5'];

  it('agrees with npm semver on the forms engines ranges use', () => {
    for (const range of ranges) {
      for (const version of versions) {
        expect(satisfiesRange(version, range), `${version} in ${range}`).toBe(
          semver.satisfies(version, range),
        );
      }
    }
  });

  it('refuses a range it cannot read rather than passing it', () => {
    expect(() => satisfiesRange('24.0.0', '22.0.0 - 24.0.0')).toThrow(/unsupported/);
  });
});
