import { useEffect, useState } from 'react';
import { call, endpoints } from '../api';

/**
 * Whether a spin wheel is active (SPEC section 2's spin widget): undefined until the server
 * answers, false when it cannot. The home asks as soon as it mounts, beside the wallet, so the
 * widget row is final before the lobby's canvas starts loading.
 */
export function useSpinActive(): boolean | undefined {
  const [active, setActive] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call(endpoints.spinActive).then(
      (answer) => live && setActive(answer.active),
      () => live && setActive(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return active;
}
