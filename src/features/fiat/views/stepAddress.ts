import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Sends the P2P order's page to the address of the order's step (replacing history, so Back leaves
 * the order). Used by the buyer's and the seller's views (OrderPage shows one of them).
 */
export function useStepAddress(target: string | undefined) {
  const navigate = useNavigate();
  // effect: keeps the address on the order's step (react-router owns the address; the machine decides the step).
  useEffect(() => {
    if (target && target !== window.location.pathname) navigate(target, { replace: true });
  }, [target, navigate]);
}
