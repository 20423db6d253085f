import type { Services } from '../../app/services';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
import { saveTextFile } from '../../app/actors/saveFile';
import { createOperatorDeskActors } from './actors/desks.actors';
import { auditDeskMachine } from './machines/auditDesk/auditDesk.machine';
import { operatorsDeskMachine } from './machines/operatorsDesk/operatorsDesk.machine';

/**
 * The operator product's own desks with their effects: the admin's operators desk and the
 * auditor's audit desk (issue 51 §1, §2). Provided with the operator session (operator.flows.ts)
 * and started by their views' hooks, so each lives while its desk is shown.
 */
export const provideOperatorDesks = ({ operatorApi, showToast }: Pick<Services, 'operatorApi' | 'showToast'>) => {
  const actors = createOperatorDeskActors(operatorApi);
  return {
    operatorsDesk: operatorsDeskMachine.provide({
      actors: {
        fetchOperators: actors.fetchOperators,
        createOperator: actors.createOperator,
        setRoles: actors.setRoles,
        changeStanding: actors.changeStanding,
        resetTwoFactor: actors.resetTwoFactor,
        fetchAccessRequests: actors.fetchAccessRequests,
        approveAccess: actors.approveAccess,
        rejectAccess: actors.rejectAccess,
      },
      actions: { showToast },
    }),
    auditDesk: auditDeskMachine.provide({
      actors: { list: pagedListMachine.provide({ actors: { loadPage: actors.fetchAudit }, actions: { showToast } }), exportAudit: actors.exportAudit },
      actions: { showToast, saveFile: (_, file) => saveTextFile(file) },
    }),
  };
};

export type OperatorDeskFlows = ReturnType<typeof provideOperatorDesks>;
