import { useActorRef } from '@xstate/react';
import type { StatementDays } from '../../../domain/statements';
import type { statementExportMachine } from '../machines/statementExport/statementExport.machine';
import { useActorFlow } from './actorFlow';

/** A page's statement export (its product's flows give the machine): the period, the busy button, the refusal. */
export function useStatementExport(machine: typeof statementExportMachine) {
  return useActorFlow(
    useActorRef(machine),
    { days: (s) => s.context.days, busy: (s) => s.matches('exporting'), refusal: (s) => s.context.refusal },
    { setDays: (days: StatementDays) => ({ type: 'statement.days', days }), exportFile: () => ({ type: 'statement.export' }) },
  );
}
