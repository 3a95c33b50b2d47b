import type { OperationDefinitionNode } from 'graphql';

/** How many distinct operation names one process logs before it counts the rest as `other`. */
export const MAX_LOGGED_OPERATION_NAMES = 200;

/**
 * The name a GraphQL request is logged and counted under (request log, analytics' top endpoints):
 * its operation name. Clients choose those names, so a process keeps at most
 * MAX_LOGGED_OPERATION_NAMES of them; a client inventing a new name per request cannot grow the
 * hourly rollups without bound. Unnamed operations are `anonymous`.
 */
export function createOperationNames() {
  const known = new Set<string>();
  return {
    nameOf(operation: OperationDefinitionNode): string {
      const name = operation.name?.value;
      if (!name) return 'anonymous';
      if (known.has(name)) return name;
      if (known.size >= MAX_LOGGED_OPERATION_NAMES) return 'other';
      known.add(name);
      return name;
    },
  };
}
