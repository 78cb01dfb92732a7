import type { ReactNode } from 'react';
import { EmbedBridge } from './EmbedBridge.tsx';
import { EmbedSignIn } from './EmbedSignIn.tsx';

/** What only a framed tab runs around the app: the host connection and the code's sign-in. */
export function EmbeddedApp({ children }: { children: ReactNode }) {
  return (
    <>
      <EmbedBridge />
      <EmbedSignIn>{children}</EmbedSignIn>
    </>
  );
}
