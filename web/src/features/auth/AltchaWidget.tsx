import '../../components/altchaSetup.ts';
import { useEffect, useRef } from 'react';

interface AltchaWidgetProps {
  /** Called with the solved payload, or '' when the check is not (or no longer) solved. */
  onChange: (payload: string) => void;
  language: string;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

const configuration = JSON.stringify({ hideFooter: true });

/** The self-hosted ALTCHA proof-of-work check, fetching its challenge from the API. */
export function AltchaWidget({ onChange, language }: AltchaWidgetProps) {
  const widget = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChange(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', handleStateChange);
    return () => element.removeEventListener('statechange', handleStateChange);
  }, [onChange]);

  return (
    <altcha-widget
      ref={widget}
      challenge="/api/captcha/challenge"
      language={language}
      configuration={configuration}
      style={{
        '--altcha-max-width': '100%',
        '--altcha-border-radius': '10px',
        '--altcha-color-primary': '#4256c1',
      }}
    />
  );
}
