import './altchaSetup.ts';
import { type Ref, useImperativeHandle, useRef } from 'react';

/** Runs the bot check on demand and answers its payload (for the recaptchaCode field). */
export interface BotCheckHandle {
  /** Solves a fresh challenge; rejects when it cannot be solved. */
  solve: () => Promise<string>;
}

const configuration = JSON.stringify({ hideFooter: true });

/**
 * The ALTCHA check in its invisible mode (the share action's 'invisible captcha', PRODUCT.md §1.7): no
 * widget is shown; solve() fetches a challenge from the API and works out the proof in a worker.
 */
export function InvisibleAltcha({ ref, language }: { ref: Ref<BotCheckHandle>; language: string }) {
  const widget = useRef<HTMLElement>(null);
  useImperativeHandle(ref, () => ({
    solve: async () => {
      const element = widget.current as HTMLElementTagNameMap['altcha-widget'] | null;
      if (!element) throw new Error('The bot check is not ready');
      // Each answer is single-use: start from a clean state for every invitation.
      element.reset();
      const result = await element.verify();
      if (!result?.payload) throw new Error('The bot check could not be solved');
      return result.payload;
    },
  }));
  return (
    <altcha-widget
      ref={widget}
      challenge="/api/captcha/challenge"
      display="invisible"
      language={language}
      configuration={configuration}
    />
  );
}
