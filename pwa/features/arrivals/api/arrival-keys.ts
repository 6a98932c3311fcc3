/** Query keys of the arrivals feature, from one factory so a prefix invalidates. */
export const arrivalKeys = {
  all: ['arrivals'] as const,
  registration: (id: number) => [...arrivalKeys.all, 'registration', id] as const,
};
