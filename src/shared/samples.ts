/**
 * Sample apps and playgrounds shown on the project overview. Paths are relative: the docs base URL
 * (`PUBLIC_DOCS_URL`) and the repositories base URL (`PUBLIC_SAMPLES_URL`) come from the deployment's public
 * configuration, so one build links to the product's own docs and repositories.
 */
export const SAMPLE_FRAMEWORKS = ['react', 'react-native', 'unity', 'javascript', 'node'] as const;
export const PLAYGROUND_FRAMEWORKS = ['react', 'expo', 'firebase', 'unity'] as const;

export interface SampleApp {
  title: string;
  framework: (typeof SAMPLE_FRAMEWORKS)[number];
  /** Path under the docs base URL. */
  docsPath: string;
  /** Repository name under the samples base URL. */
  repository: string;
}

export interface Playground {
  title: string;
  description: string;
  framework: (typeof PLAYGROUND_FRAMEWORKS)[number];
  /** Path under the docs base URL where the playground runs. */
  path: string;
}

export const SAMPLE_APPS: readonly SampleApp[] = [
  {
    title: 'Embedded wallet with email sign-in',
    framework: 'react',
    docsPath: '/samples/react-embedded-wallet',
    repository: 'sample-react-embedded-wallet',
  },
  {
    title: 'Gasless NFT mint',
    framework: 'react',
    docsPath: '/samples/react-gasless-mint',
    repository: 'sample-react-gasless-mint',
  },
  {
    title: 'Mobile wallet with passkeys',
    framework: 'react-native',
    docsPath: '/samples/react-native-passkeys',
    repository: 'sample-react-native-passkeys',
  },
  {
    title: 'In-game store with sponsored transactions',
    framework: 'unity',
    docsPath: '/samples/unity-store',
    repository: 'sample-unity-store',
  },
  {
    title: 'Wallet login in plain JavaScript',
    framework: 'javascript',
    docsPath: '/samples/javascript-login',
    repository: 'sample-javascript-login',
  },
  {
    title: 'Backend wallet minting from a server',
    framework: 'node',
    docsPath: '/samples/node-backend-wallet',
    repository: 'sample-node-backend-wallet',
  },
];

export const PLAYGROUNDS: readonly Playground[] = [
  {
    title: 'Sign in and send a transaction',
    description: 'Email sign-in, an embedded wallet and a sponsored transaction in the browser.',
    framework: 'react',
    path: '/playgrounds/react',
  },
  {
    title: 'Expo wallet',
    description: 'A wallet with device recovery in an Expo app, running in your browser.',
    framework: 'expo',
    path: '/playgrounds/expo',
  },
  {
    title: 'Firebase sign-in',
    description: 'Link Firebase Auth users to wallets through third-party auth.',
    framework: 'firebase',
    path: '/playgrounds/firebase',
  },
  {
    title: 'Unity WebGL',
    description: 'A Unity WebGL build that signs in and mints an item.',
    framework: 'unity',
    path: '/playgrounds/unity',
  },
];

/** A readable framework name. */
export function frameworkLabel(framework: string): string {
  return (
    (
      {
        react: 'React',
        'react-native': 'React Native',
        unity: 'Unity',
        javascript: 'JavaScript',
        node: 'Node.js',
        expo: 'Expo',
        firebase: 'Firebase',
      } as Record<string, string>
    )[framework] ?? framework
  );
}
