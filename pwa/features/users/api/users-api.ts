/** Staff accounts for admins: GET/POST /api/users, PUT /api/users/{id}. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Role } from '../../../../shared/constants';
import { MAX_USERS_PAGE, type User } from '../../../../shared/schemas/auth';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export interface NewUserBody {
  email: string;
  password: string;
  role: Role;
  first_name: string;
  last_name: string;
}

export interface UserChangesBody {
  role?: Role;
  disabled?: boolean;
  password?: string;
  first_name?: string;
  last_name?: string;
}

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.get<{ users: User[] }>('/users', { signal, query: { limit: MAX_USERS_PAGE } }).then((r) => r.users),
  });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUserBody) => api.post<{ user: User }>('/users', body).then((r) => r.user),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UserChangesBody }) =>
      api.put<{ user: User }>(`/users/${id}`, changes).then((r) => r.user),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
