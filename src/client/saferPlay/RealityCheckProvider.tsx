import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { realityCheckMachine } from '../../../machines/realityCheckMachine';
import { useWallet } from '../wallet/walletContext';
import { RealityCheckContext, type RealityCheckStore } from './realityCheckContext';
import { RealityReminder } from './RealityReminder';
import { realityActors } from './saferPlayApi';

/**
 * The reality check of the member area (issue 31) over machines/realityCheckMachine: read when
 * the area opens, when the wallet changes (money moved in or out of a game), when the tab comes
 * back into view, and by the machine's own clock; the reminder is a modal over every page until
 * the member acknowledges it.
 */
export function RealityCheckProvider({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  const [snapshot, send] = useMachine(realityCheckMachine.provide({ actors: realityActors }), { input: {} });
  const { changes } = useWallet();

  const seenChanges = useRef(changes);
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    send({ type: 'check.refresh' });
  }, [changes, send]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') send({ type: 'check.refresh' });
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [send]);

  const { check } = snapshot.context;
  const store = useMemo<RealityCheckStore>(
    () => ({ check, refresh: () => send({ type: 'check.refresh' }), answered: (answer) => send({ type: 'check.answered', check: answer }) }),
    [check, send],
  );

  return (
    <RealityCheckContext.Provider value={store}>
      {children}
      <RealityReminder
        open={snapshot.matches('reminding') || snapshot.matches('acknowledging')}
        busy={snapshot.matches('acknowledging')}
        check={check}
        error={snapshot.matches('reminding') ? snapshot.context.serverError : null}
        onAcknowledge={() => send({ type: 'reminder.acknowledged' })}
        onSignOut={onSignOut}
      />
    </RealityCheckContext.Provider>
  );
}
