import { useLocation } from 'react-router';
import { buildNavState, type NavState } from './navState.ts';

/** The state every menu link passes, from the current location. */
export function useMenuNavState(): NavState {
  const location = useLocation();
  return buildNavState(location.pathname, location.state);
}
