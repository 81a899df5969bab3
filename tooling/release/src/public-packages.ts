// The published packages, and the spec files each one is built from. Every
// one of them carries both specs (as types, as client validators, as the
// contract tester's bundled copy, as the mock's model), so a spec change
// affects all four.
export const publicPackages = [
  { name: '@tallyport/types', dir: 'packages/types' },
  { name: '@tallyport/client', dir: 'packages/client' },
  { name: '@tallyport/contract-tests', dir: 'packages/contract-tests' },
  { name: '@tallyport/mock', dir: 'packages/mock' },
] as const;

export type PublicPackageName = (typeof publicPackages)[number]['name'];

/** The package whose release tags mark a released version of the specs. */
export const specReleaseTagPackage: PublicPackageName = '@tallyport/types';
