import { useCallback, useState } from 'react';

/**
 * The state behind a controlled field group (ProjectFields, ApplicationFields, OrganizationFields): the current
 * values and a change handler that merges the fields a group reports as changed.
 */
export function useFieldValues<Values extends object>(
  initial: Values | (() => Values),
): [Values, (change: Partial<Values>) => void] {
  const [values, setValues] = useState(initial);
  const change = useCallback(
    (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch })),
    [],
  );
  return [values, change];
}
