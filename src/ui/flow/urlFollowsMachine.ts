// The address of a flow's page and its machine kept in step, for the public flows
// (/{product}/offer/{n}) and the portal's stepped wizards (/motor-claim/{n}) alike: the address
// follows the machine when the machine moves; when the address moves back (the browser's back
// button) the machine goes back to it; an address ahead of the machine (typed, or forward past
// where the visitor got) is sent back to where the machine is.

import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Flow } from '../../engine/flow/types';
import { type SubstepPosition, substepPositions } from '../../engine/machine/createFlowMachine';
import type { FlowActor } from './flowActors';

/** Where the page last saw the machine and the address; kept by the page across remounts if it wants. */
export interface SeenPlace {
  seen: { topState: string; url: string } | null;
}

const topStateOf = (value: unknown) =>
  typeof value === 'string' ? value : Object.keys(value as Record<string, unknown>)[0];

export interface UrlFollowsMachineOptions {
  actor: FlowActor;
  flow: Flow;
  /** The address as it is (its path). */
  here: string;
  /** The substep the address names, if any. */
  urlPosition: (positions: SubstepPosition[]) => SubstepPosition | undefined;
  /** The address of a substep. */
  urlOf: (position: SubstepPosition) => string;
  place: SeenPlace;
}

export function useUrlFollowsMachine({
  actor,
  flow,
  here,
  urlPosition,
  urlOf,
  place,
}: UrlFollowsMachineOptions) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const topState = useSelector(actor, (s) => topStateOf(s.value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlPosition and urlOf derive from flow and here
  useEffect(() => {
    const positions = substepPositions(flow);
    const machinePos = positions.find((p) => p.key === topState);
    if (!machinePos) return;
    const urlPos = urlPosition(positions);
    const previous = place.seen;
    place.seen = { topState, url: here };
    const urlMoved = previous !== null && previous.url !== here && previous.topState === topState;
    if (urlMoved && urlPos && urlPos.index < machinePos.index) {
      for (let guard = 0; guard < positions.length; guard++) {
        const pos = positions.find((p) => p.key === topStateOf(actor.getSnapshot().value));
        if (!pos || pos.index <= urlPos.index) break;
        actor.send({ type: 'BACK' });
      }
      return;
    }
    const target = urlOf(machinePos);
    if (target !== here)
      navigate(`${target}${search}`, {
        replace: previous === null || urlPos === undefined || urlPos.index > machinePos.index,
      });
  }, [topState, here, flow, actor, place, navigate, search]);
}
